import { describe, expect, it } from 'vitest';
import {
  assuranceCostOn,
  type CatalogAssurance,
  type CatalogDocument,
  PricingError,
  priceOrder,
} from './pricing';

const documents = new Map<number, CatalogDocument>([
  [1, { id: 1, type: 'Паспорт', price: 1200, cost: 600 }],
  [2, { id: 2, type: 'Диплом', price: 1500.5, cost: 800 }],
]);
const notary: CatalogAssurance = {
  id: 1,
  type: 'Нотариальное заверение перевода',
  price: 900,
  costWeekday: 500,
  costSaturday: 700,
  costSunday: 900,
};
const assurances = new Map([[1, notary]]);

describe('priceOrder', () => {
  it('charges document and assurance per copy, discounts them, then adds delivery', () => {
    const price = priceOrder({
      lines: [{ documentId: 1, quantity: 1, assuranceIds: [1] }],
      documents,
      assurances,
      deliveryPrice: 250,
      discountPercent: 10,
    });
    expect(price.subtotal).toBe(2100);
    expect(price.discount).toBe(210);
    expect(price.amount).toBe(2140);
  });

  it('multiplies by quantity and keeps kopecks exact', () => {
    const price = priceOrder({
      lines: [{ documentId: 2, quantity: 3, assuranceIds: [] }],
      documents,
      assurances,
      deliveryPrice: 0,
      discountPercent: 0,
      otherPrice: 0.1,
    });
    expect(price.lines[0]?.total).toBe(4501.5);
    expect(price.amount).toBe(4501.6);
  });

  it('charges a line once per target language: translation, assurances, cost and urgency', () => {
    const one = priceOrder({
      lines: [{ documentId: 1, quantity: 2, assuranceIds: [1], targetLanguages: ['en'] }],
      documents,
      assurances,
      deliveryPrice: 250,
      discountPercent: 10,
      urgentPercent: 50,
      at: new Date('2026-11-25T09:00:00Z'),
    });
    const two = priceOrder({
      lines: [{ documentId: 1, quantity: 2, assuranceIds: [1], targetLanguages: ['en', 'de'] }],
      documents,
      assurances,
      deliveryPrice: 250,
      discountPercent: 10,
      urgentPercent: 50,
      at: new Date('2026-11-25T09:00:00Z'),
    });
    // (1 200 + 900) × 2 copies × 2 languages
    expect(two.lines[0]?.total).toBe(8400);
    expect(two.lines[0]?.targetLanguages).toEqual(['en', 'de']);
    expect(two.subtotal).toBe(2 * one.subtotal);
    expect(two.discount).toBe(840);
    // 50 % of 1 200 × 2 × 2, the assurances not hurried
    expect(two.urgency).toBe(2400);
    expect(two.amount).toBe(8400 - 840 + 2400 + 250);
    expect(two.linesCost).toBe(2 * one.linesCost);
    // No languages named: one, priced as before languages per line existed.
    const none = priceOrder({
      lines: [{ documentId: 1, quantity: 2, assuranceIds: [1] }],
      documents,
      assurances,
      deliveryPrice: 250,
      discountPercent: 10,
      urgentPercent: 50,
      at: new Date('2026-11-25T09:00:00Z'),
    });
    expect(none).toEqual({ ...one, lines: [{ ...one.lines[0], targetLanguages: [] }] });
  });

  it('charges urgency as a percent of the translation only, after the discount of the lines', () => {
    const price = priceOrder({
      lines: [
        { documentId: 1, quantity: 2, assuranceIds: [1] },
        { documentId: 2, quantity: 1, assuranceIds: [] },
      ],
      documents,
      assurances,
      deliveryPrice: 250,
      discountPercent: 10,
      urgentPercent: 50,
    });
    // Translations 1200 × 2 + 1500.50 = 3900.50; urgency 50 % of it; the notary's 900 × 2 is not hurried.
    expect(price.urgency).toBe(1950.25);
    expect(price.subtotal).toBe(5700.5);
    expect(price.discount).toBe(570.05);
    expect(price.amount).toBe(5700.5 - 570.05 + 1950.25 + 250);
    const calm = priceOrder({
      lines: [{ documentId: 1, quantity: 1, assuranceIds: [] }],
      documents,
      assurances,
      deliveryPrice: 0,
      discountPercent: 0,
    });
    expect(calm.urgency).toBe(0);
    expect(calm.amount).toBe(1200);
  });

  it('counts an assurance chosen twice once', () => {
    const price = priceOrder({
      lines: [{ documentId: 1, quantity: 1, assuranceIds: [1, 1] }],
      documents,
      assurances,
      deliveryPrice: 0,
      discountPercent: 0,
    });
    expect(price.amount).toBe(2100);
  });

  it('refuses an empty order and unknown documents with a Russian message', () => {
    expect(() =>
      priceOrder({ lines: [], documents, assurances, deliveryPrice: 0, discountPercent: 0 }),
    ).toThrow(PricingError);
    expect(() =>
      priceOrder({
        lines: [{ documentId: 99, quantity: 1, assuranceIds: [] }],
        documents,
        assurances,
        deliveryPrice: 0,
        discountPercent: 0,
      }),
    ).toThrow('Документ №99 не найден');
  });

  it('uses the weekend costs of a notary on the Moscow Saturday and Sunday', () => {
    expect(assuranceCostOn(notary, new Date('2026-11-20T12:00:00+03:00'))).toBe(500); // Friday
    expect(assuranceCostOn(notary, new Date('2026-11-21T00:30:00+03:00'))).toBe(700); // Saturday
    expect(assuranceCostOn(notary, new Date('2026-11-22T23:30:00+03:00'))).toBe(900); // Sunday
    // 22:00 UTC on Sunday is already Monday in Moscow.
    expect(assuranceCostOn(notary, new Date('2026-11-22T22:00:00Z'))).toBe(500);
  });

  it("gives the cost to the bureau beside the price, undiscounted, with the day's notary cost", () => {
    const price = priceOrder({
      lines: [{ documentId: 1, quantity: 2, assuranceIds: [1] }],
      documents,
      assurances,
      deliveryPrice: 250,
      deliveryCost: 180,
      discountPercent: 50,
      otherPrice: 1000,
      otherCost: 400,
      at: new Date('2026-11-21T10:00:00+03:00'),
    });
    expect(price.lines[0]).toMatchObject({ cost: 600, totalCost: 2600 });
    expect(price.lines[0]?.assurances[0]).toMatchObject({ price: 900, cost: 700 });
    expect(price.amount).toBe(4200 - 2100 + 250 + 1000);
    expect(price.cost).toBe(2600 + 180 + 400);
  });
});
