import { describe, expect, it } from 'vitest';
import type { BreakdownOrder } from './amount-breakdown';
import { type CatalogAssurance, priceOrder, toKopecks, toRubles } from './pricing';
import { receiptItems } from './receipt-items';
import { spreadByLargestRemainder } from './spread-amount';

const kopecks = (rubles: number) => toKopecks(rubles);
/** A seeded generator (mulberry32), so a failing case is the same on every run. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
/** 0 … max, whole. */
const integer = (random: () => number, max: number) => Math.floor(random() * (max + 1));
const sumOf = (items: { amount: number }[]) => items.reduce((sum, item) => sum + kopecks(item.amount), 0);

describe('spreading to the kopeck (largest remainder)', () => {
  it('gives each line its share and the leftover kopecks to the largest remainders', () => {
    expect(spreadByLargestRemainder([100, 100, 100], 200)).toEqual([67, 67, 66]);
    expect(spreadByLargestRemainder([1, 2], 0)).toEqual([0, 0]);
    expect(spreadByLargestRemainder([0, 0], 3)).toEqual([2, 1]);
    expect(spreadByLargestRemainder([250_000, 90_000, 5_000], 310_500)).toEqual([225_000, 81_000, 4_500]);
  });

  it('always adds up to the total, every part within a kopeck of its exact share', () => {
    const random = seeded(20261201);
    for (let run = 0; run < 1000; run++) {
      const weights = Array.from({ length: 1 + integer(random, 24) }, () => integer(random, 1_000_000_000));
      const total = integer(random, 1_000_000_000);
      const parts = spreadByLargestRemainder(weights, total);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      const sum = weights.reduce((a, b) => a + b, 0);
      parts.forEach((part, index) => {
        const exact = sum === 0 ? total / weights.length : ((weights[index] as number) * total) / sum;
        expect(Math.abs(part - exact)).toBeLessThan(1);
      });
    }
  });
});

const orderOf = (
  priced: ReturnType<typeof priceOrder>,
  extra: Partial<BreakdownOrder> = {},
): BreakdownOrder => ({
  amount: priced.amount,
  documents: priced.lines.map((line) => ({
    type: line.type,
    quantity: line.quantity,
    price: line.price,
    assurances: line.assurances.map((assurance) => ({ price: assurance.price })),
  })),
  discountPercent: 0,
  discountAmount: priced.discount,
  promoCode: priced.discount > 0 ? 'PROMO' : null,
  deliveryPrice: priced.delivery,
  otherPrice: priced.other,
  urgentAmount: priced.urgency,
  urgentPercent: 0,
  ...extra,
});

describe('receipt items', () => {
  it('lists each document line with its assurances and the delivery, the discount spread over the lines', () => {
    const priced = priceOrder({
      lines: [
        { documentId: 1, quantity: 2, assuranceIds: [1] },
        { documentId: 2, quantity: 1, assuranceIds: [] },
      ],
      documents: new Map([
        [1, { id: 1, type: 'Паспорт', price: 1200, cost: 0 }],
        [2, { id: 2, type: 'Диплом', price: 1000, cost: 0 }],
      ]),
      assurances: new Map([
        [1, { id: 1, type: 'Нотариальное', price: 900, costWeekday: 0, costSaturday: 0, costSunday: 0 }],
      ]),
      deliveryPrice: 250,
      discountPercent: 10,
    });
    expect(priced.amount).toBe(4930);
    expect(receiptItems(orderOf(priced, { discountPercent: 10 }))).toEqual([
      { description: 'Перевод: Паспорт с заверением × 2', amount: 3780 },
      { description: 'Перевод: Диплом × 1', amount: 900 },
      { description: 'Доставка', amount: 250 },
    ]);
  });

  it('lists the urgency surcharge as its own item, the discount spread over the translations only', () => {
    const priced = priceOrder({
      lines: [{ documentId: 1, quantity: 1, assuranceIds: [] }],
      documents: new Map([[1, { id: 1, type: 'Паспорт', price: 1000, cost: 0 }]]),
      assurances: new Map(),
      deliveryPrice: 0,
      discountPercent: 10,
      urgentPercent: 50,
    });
    expect(priced.amount).toBe(1400);
    expect(receiptItems(orderOf(priced, { discountPercent: 10, urgentPercent: 50 }))).toEqual([
      { description: 'Перевод: Паспорт × 1', amount: 900 },
      { description: 'Срочное выполнение +50 %', amount: 500 },
    ]);
  });

  it('adds up to the amount charged to the kopeck for 1,000 random orders: promo codes, copies, assurances, urgency, delivery, a manager’s change', () => {
    const random = seeded(54_2026);
    const money = () => integer(random, 5_000_000) / 100;
    for (let run = 0; run < 1000; run++) {
      const lines = Array.from({ length: 1 + integer(random, 19) }, () => ({
        price: money(),
        quantity: 1 + integer(random, 99),
        assurances: Array.from({ length: integer(random, 3) }, money),
      }));
      const percent = integer(random, 10_000) / 100;
      const urgent = integer(random, 1) ? integer(random, 20_000) / 100 : 0;
      const delivery = money();
      const other = integer(random, 1) ? money() : 0;
      const change = integer(random, 1) ? integer(random, 100_000) - 50_000 : 0;
      const documents = new Map(
        lines.map((l, i) => [i + 1, { id: i + 1, type: `Документ ${i + 1}`, price: l.price, cost: 0 }]),
      );
      const assurances = new Map<number, CatalogAssurance>();
      const input = lines.map((l, i) => ({
        documentId: i + 1,
        quantity: l.quantity,
        assuranceIds: l.assurances.map((price, j) => {
          const id = (i + 1) * 10 + j;
          assurances.set(id, {
            id,
            type: 'Заверение',
            price,
            costWeekday: 0,
            costSaturday: 0,
            costSunday: 0,
          });
          return id;
        }),
      }));
      const priced = priceOrder({
        lines: input,
        documents,
        assurances,
        deliveryPrice: delivery,
        discountPercent: percent,
        urgentPercent: urgent,
        otherPrice: other,
      });
      const amount = Math.max(0.01, (kopecks(priced.amount) + change) / 100);
      const items = receiptItems(
        orderOf(priced, { discountPercent: percent, urgentPercent: urgent, amount }),
      );
      expect(sumOf(items)).toBe(kopecks(amount));
      if (priced.urgency > 0 && change === 0)
        expect(items.some((item) => item.description.startsWith('Срочное выполнение'))).toBe(true);
      for (const item of items) {
        expect(item.amount).toBeGreaterThan(0);
        expect(toRubles(kopecks(item.amount))).toBe(item.amount);
        expect(item.description.length).toBeLessThanOrEqual(128);
      }
    }
  });
});
