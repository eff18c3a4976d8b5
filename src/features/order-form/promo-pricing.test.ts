/**
 * Fixed-sum and percentage promo codes with minimum sums, priced the way the form does (the draft
 * keeps the validation's answer, priceDraft) and the way the server does (the code's row through
 * promoPricing into priceOrder, then the stored order's rows and receipt): 1,000 generated orders
 * with several lines, assurances, delivery and urgency must agree to the kopeck.
 */
import { describe, expect, it } from 'vitest';
import type { DraftPayload } from '../../db/drafts';
import { amountBreakdown } from '../../domain/amount-breakdown';
import { type CatalogAssurance, type CatalogDocument, priceOrder, toKopecks } from '../../domain/pricing';
import { type PromoRule, promoPricing, promoVerdict } from '../../domain/promo';
import { receiptItems } from '../../domain/receipt-items';
import { type FormParams, priceDraft } from './order-model';

/** A seeded generator (mulberry32), so a failing case is the same on every run. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const integer = (random: () => number, max: number) => Math.floor(random() * (max + 1));
const at = new Date('2026-11-24T12:00:00+03:00');

function catalogueOf(random: () => number) {
  const money = () => integer(random, 800_000) / 100;
  const documents: CatalogDocument[] = Array.from({ length: 6 }, (_, i) => ({
    id: i + 1,
    type: `Документ ${i + 1}`,
    price: i === 0 ? 0 : money(),
    cost: 0,
  }));
  const assurances: CatalogAssurance[] = Array.from({ length: 4 }, (_, i) => ({
    id: i + 1,
    type: `Заверение ${i + 1}`,
    price: money(),
    costWeekday: 0,
    costSaturday: 0,
    costSunday: 0,
  }));
  const deliveries = [
    { id: 1, price: 0 },
    { id: 2, price: money() },
  ];
  const urgentPercent = integer(random, 30_000) / 100;
  // Only what priceDraft reads of the public catalogue.
  const params = { documents, assurances, deliveries, schedule: { urgentPercent } } as unknown as FormParams;
  return { documents, assurances, deliveries, urgentPercent, params };
}

function promoOf(random: () => number): PromoRule {
  const fixed = integer(random, 1) === 1;
  return {
    code: fixed ? 'FIRST500' : 'WELCOME10',
    kind: fixed ? 'AMOUNT' : 'PERCENT',
    discount: fixed ? 0 : (1 + integer(random, 9_899)) / 100,
    // Some fixed sums are larger than the whole order.
    amount: fixed ? (1 + integer(random, 3_000_000)) / 100 : null,
    minOrderSum: integer(random, 2) === 0 ? null : integer(random, 4_000_000) / 100,
    isActive: true,
    startDate: null,
    endDate: null,
    maxUses: null,
    usesCount: 0,
  };
}

describe('promo codes in rubles and percent, priced by the form and by the server', () => {
  it('takes a 500 ₽ code off a 400 ₽ order as 400 ₽, never off delivery or urgency', () => {
    const priced = priceOrder({
      lines: [{ documentId: 1, quantity: 1, assuranceIds: [] }],
      documents: new Map([[1, { id: 1, type: 'Справка', price: 400, cost: 100 }]]),
      assurances: new Map(),
      deliveryPrice: 350,
      urgentPercent: 50,
      ...promoPricing({ kind: 'AMOUNT', discount: 0, amount: 500, minOrderSum: null }),
    });
    expect(priced).toMatchObject({ subtotal: 400, discount: 400, urgency: 200, delivery: 350, amount: 550 });
    expect(priced.cost).toBe(450);
  });

  it('takes nothing off below the minimum and says so; at the minimum it applies', () => {
    const order = (price: number) =>
      priceOrder({
        lines: [{ documentId: 1, quantity: 2, assuranceIds: [] }],
        documents: new Map([[1, { id: 1, type: 'Паспорт', price, cost: 0 }]]),
        assurances: new Map(),
        deliveryPrice: 0,
        ...promoPricing({ kind: 'AMOUNT', discount: 0, amount: 500, minOrderSum: 3000 }),
      });
    expect(order(1499.99)).toMatchObject({
      subtotal: 2999.98,
      discount: 0,
      promoBelowMinimum: true,
      amount: 2999.98,
    });
    expect(order(1500)).toMatchObject({
      subtotal: 3000,
      discount: 500,
      promoBelowMinimum: false,
      amount: 2500,
    });
  });

  it('agrees to the kopeck for 1,000 generated orders: the form’s price, the server’s, the rows and the receipt', () => {
    const random = seeded(37_2026);
    let fixedApplied = 0;
    let cappedBySubtotal = 0;
    let belowMinimum = 0;
    for (let run = 0; run < 1000; run++) {
      const { documents, assurances, deliveries, urgentPercent, params } = catalogueOf(random);
      const lines = Array.from({ length: 1 + integer(random, 5) }, () => ({
        documentId: 1 + integer(random, documents.length - 1),
        quantity: 1 + integer(random, 9),
        assuranceIds: assurances.filter(() => integer(random, 2) === 0).map((a) => a.id),
      }));
      // One line a document: the form keeps each document once.
      const unique = [...new Map(lines.map((line) => [line.documentId, line])).values()];
      const delivery = deliveries[integer(random, 1)] as { id: number; price: number };
      const urgent = integer(random, 1) === 1;
      const promo = promoOf(random);

      // The server: the code's row, the order's documents' sum decides the minimum.
      const server = priceOrder({
        lines: unique,
        documents: new Map(documents.map((d) => [d.id, d])),
        assurances: new Map(assurances.map((a) => [a.id, a])),
        deliveryPrice: delivery.price,
        urgentPercent: urgent ? urgentPercent : 0,
        ...promoPricing(promo),
        at,
      });
      const verdict = promoVerdict(promo, at, server.subtotal);
      expect(verdict.ok).toBe(!server.promoBelowMinimum);

      // The form: what validatePromoCode answered for the code, kept in the draft.
      const answer = promoVerdict(promo, at);
      if (!answer.ok) throw new Error('the generated code is live');
      const draft: DraftPayload = {
        orderDocuments: unique,
        deliveryId: delivery.id,
        urgent,
        promoCode: answer.code,
        promoIsValid: true,
        promoKind: answer.kind,
        promoDiscountPercent: answer.discount,
        promoAmount: answer.amount,
        promoMinOrderSum: answer.minOrderSum,
      };
      const form = priceDraft(params, draft);
      expect(form).toEqual(server);

      // Never negative, never more than the documents, delivery and urgency paid in full.
      const subtotal = toKopecks(server.subtotal);
      const discount = toKopecks(server.discount);
      expect(discount).toBeGreaterThanOrEqual(0);
      expect(discount).toBeLessThanOrEqual(subtotal);
      expect(toKopecks(server.amount)).toBe(
        subtotal - discount + toKopecks(server.urgency) + toKopecks(server.delivery),
      );
      if (server.promoBelowMinimum) belowMinimum++;
      else if (promo.kind === 'AMOUNT') {
        fixedApplied++;
        expect(discount).toBe(Math.min(subtotal, toKopecks(promo.amount ?? 0)));
        if (discount === subtotal) cappedBySubtotal++;
      }

      // The stored order as the cabinet, the card, the PDFs and the receipt read it.
      const stored = {
        amount: server.amount,
        documents: server.lines.map((line) => ({
          type: line.type,
          quantity: line.quantity,
          price: line.price,
          assurances: line.assurances.map((a) => ({ price: a.price })),
        })),
        discountPercent: promo.kind === 'PERCENT' ? promo.discount : 0,
        discountAmount: server.discount,
        promoCode: promo.code,
        urgentAmount: server.urgency,
        urgentPercent: urgent ? urgentPercent : 0,
        deliveryPrice: server.delivery,
        otherPrice: 0,
      };
      const rows = amountBreakdown(stored).rows;
      expect(rows.some((row) => row.kind === 'adjustment')).toBe(false);
      expect(rows.reduce((sum, row) => sum + toKopecks(row.amount), 0)).toBe(toKopecks(server.amount));
      const items = receiptItems(stored);
      expect(items.reduce((sum, item) => sum + toKopecks(item.amount), 0)).toBe(toKopecks(server.amount));
      for (const item of items) expect(item.amount).toBeGreaterThan(0);
    }
    // The generator reaches every case it is meant to.
    expect(fixedApplied).toBeGreaterThan(100);
    expect(cappedBySubtotal).toBeGreaterThan(5);
    expect(belowMinimum).toBeGreaterThan(25);
  });
});
