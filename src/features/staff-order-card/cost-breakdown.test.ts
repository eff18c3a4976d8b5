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
      partnerCommissionRate: 12.5,
      partnerCommission: 728.75,
      totalCost: 4378.75,
      margin: 1451.25,
      marginPercent: 24.9,
    });
    expect(costBreakdown(order, costs)).toEqual({
      rows: [
        { label: 'Паспорт с заверением × 2', amount: 2300 },
        { label: 'Доставка', amount: 450 },
        { label: 'Другой документ', amount: 900 },
        { label: 'Комиссия партнёра (12,5 % суммы)', amount: 728.75 },
      ],
      totalCost: 4378.75,
      amount: 5830,
      margin: 1451.25,
      marginPercent: 24.9,
    });
  });

  it("has no commission line without a partner, and shows the server's margin, a loss included", () => {
    const office = costBreakdown(
      aStaffOrder(),
      someCosts({ partnerCommissionRate: 0, partnerCommission: 0, margin: -50, marginPercent: -1.2 }),
    );
    expect(office.rows.map((row) => row.label)).not.toContain(expect.stringContaining('Комиссия'));
    expect(office).toMatchObject({ margin: -50, marginPercent: -1.2 });
  });

  it('prices the order with the discount the server charged', () => {
    expect(priceInput(aStaffOrder(), someCosts({ discountAmount: 100 })).discountAmount).toBe(100);
  });
});
