import { describe, expect, it } from 'vitest';
import { costBreakdown, priceInput } from './cost-breakdown';
import { aStaffOrder, someCosts } from './test-fixtures';

describe('what an order costs the bureau', () => {
  it('lists each document with its assurances per copy times copies, the delivery and the other document', () => {
    const order = aStaffOrder({ amount: 5830, otherPrice: 1800, otherCost: 900 });
    const costs = someCosts({
      amount: 5830,
      otherPrice: 1800,
      otherCost: 900,
      documentsCost: 2750, // the lines' 2 300 and the courier's 450
      totalCost: 3650,
      margin: 2180,
    });
    expect(costBreakdown(order, costs)).toEqual({
      rows: [
        { label: 'Паспорт с заверением × 2', amount: 2300 },
        { label: 'Доставка', amount: 450 },
        { label: 'Другой документ', amount: 900 },
      ],
      totalCost: 3650,
      amount: 5830,
      margin: 2180,
      marginPercent: 37,
    });
  });

  it('has no margin percent for a free order, and a loss shows as a negative margin', () => {
    const free = costBreakdown(aStaffOrder({ amount: 0 }), someCosts({ amount: 0, margin: -2550 }));
    expect(free.marginPercent).toBeNull();
    expect(free.margin).toBe(-2550);
  });

  it('gives a partner, who gets no costs, the discount the server charged', () => {
    expect(priceInput(aStaffOrder(), null).discountAmount).toBe(420);
    expect(priceInput(aStaffOrder({ discountPercent: 0 }), null).discountAmount).toBe(0);
    expect(priceInput(aStaffOrder(), someCosts({ discountAmount: 100 })).discountAmount).toBe(100);
  });
});
