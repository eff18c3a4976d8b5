import { describe, expect, it } from 'vitest';
import { quoteOrder, type StoredPricing } from './quote';

const order: StoredPricing = {
  amount: 2140,
  cost: 1350,
  lines: [
    {
      id: 11,
      documentId: 1,
      type: 'Паспорт',
      quantity: 1,
      price: 1200,
      cost: 600,
      assurances: [{ assuranceId: 1, type: 'Нотариальное заверение', price: 900, cost: 500 }],
    },
    { id: 12, documentId: 9, type: 'Другой документ', quantity: 2, price: 0, cost: 0, assurances: [] },
  ],
  discountPercent: 10,
  urgentPercent: 0,
  deliveryPrice: 250,
  otherPrice: 0,
  otherCost: 0,
};

describe('quoting a document priced by estimate', () => {
  it('prices the order again: the discount and the total follow the quoted line', () => {
    const quoted = quoteOrder(order, new Map([[12, { price: 1500, cost: 700 }]]));
    // Lines: 2100 + 1500 × 2 = 5100; discount 10 % = 510; + delivery 250.
    expect(quoted.breakdown.subtotal).toBe(5100);
    expect(quoted.breakdown.discount).toBe(510);
    expect(quoted.amount).toBe(4840);
    // Cost: the lines' 1100 + 700 × 2, and the delivery's 250 kept.
    expect(quoted.breakdown.cost).toBe(1350 + 1400);
  });

  it('raises the urgency surcharge with the quoted translation', () => {
    const urgent = { ...order, urgentPercent: 50, amount: 2140 + 600 };
    const quoted = quoteOrder(urgent, new Map([[12, { price: 1500, cost: 700 }]]));
    expect(quoted.breakdown.urgency).toBe((1200 + 3000) / 2);
    expect(quoted.amount).toBe(5100 - 510 + 2100 + 250);
  });

  it('keeps an ADMIN’s change of the amount on top of the new total', () => {
    const changed = { ...order, amount: 2000 };
    expect(quoteOrder(changed, new Map([[12, { price: 1500, cost: 700 }]])).amount).toBe(4840 - 140);
  });

  it('changes nothing without a quote', () => {
    expect(quoteOrder(order, new Map()).amount).toBe(2140);
  });
});
