import { describe, expect, it } from 'vitest';
import { marginOf, orderMargin, partnerCommission } from './margin';

describe('orderMargin', () => {
  it("counts the partner's commission as a cost: a 4 000 ₽ order costing 3 450 ₽ at 15 % loses 50 ₽", () => {
    expect(orderMargin({ amount: 4000, cost: 3450, otherCost: null, partnerCommissionRate: 15 })).toEqual({
      partnerCommission: 600,
      totalCost: 4050,
      margin: -50,
      marginPercent: -1.2,
    });
  });

  it('adds the other document and keeps kopecks exact', () => {
    expect(orderMargin({ amount: 2140.1, cost: 1650.2, otherCost: 0.1, partnerCommissionRate: 0 })).toEqual({
      partnerCommission: 0,
      totalCost: 1650.3,
      margin: 489.8,
      marginPercent: 22.9,
    });
  });

  it('has no percent for a free order', () => {
    expect(
      orderMargin({ amount: 0, cost: 100, otherCost: 0, partnerCommissionRate: 10 }).marginPercent,
    ).toBeNull();
  });
});

describe('partnerCommission', () => {
  it('rounds to the kopeck half up, as the statistics do', () => {
    expect(partnerCommission(422_500, 12.5)).toBe(52_813);
    expect(partnerCommission(422_500, 12.35)).toBe(52_179);
    expect(partnerCommission(100, 0.01)).toBe(0);
  });
});

describe('marginOf', () => {
  it('is the revenue less every part, with its percent to one decimal', () => {
    expect(marginOf(428_000, [140_000, 130_000, 50_000, 0, 21_400])).toEqual({
      cost: 341_400,
      margin: 86_600,
      marginPercent: 20.2,
    });
  });
});
