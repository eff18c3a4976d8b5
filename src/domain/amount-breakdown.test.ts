import { describe, expect, it } from 'vitest';
import { amountBreakdown, type BreakdownOrder } from './amount-breakdown';

const order: BreakdownOrder = {
  amount: 4300,
  documents: [{ type: 'Паспорт', quantity: 2, price: 1200, assurances: [{ price: 900 }] }],
  discountPercent: 0,
  discountAmount: 0,
  promoCode: null,
  deliveryPrice: 100,
  otherPrice: 0,
};

describe('the amount breakdown a customer reads', () => {
  it('adds copies with their assurances and delivery up to the amount charged', () => {
    expect(amountBreakdown(order)).toEqual({
      rows: [
        { label: 'Паспорт с заверением × 2', amount: 4200, kind: 'line' },
        { label: 'Доставка', amount: 100, kind: 'charge' },
      ],
      total: 4300,
    });
  });

  it('shows the promo discount the server gave, and no difference row when the parts add up', () => {
    const discounted = amountBreakdown({
      ...order,
      discountPercent: 15,
      discountAmount: 630,
      promoCode: 'STUDENT15',
      amount: 3670,
    });
    expect(discounted.rows).toContainEqual({
      label: 'Скидка 15 % по промокоду STUDENT15',
      amount: -630,
      kind: 'discount',
    });
    expect(discounted.rows.map((row) => row.label)).not.toContain('Изменение стоимости менеджером');
  });

  it('shows a manager’s change of the amount as its own row rather than a wrong sum', () => {
    const changed = amountBreakdown({ ...order, amount: 5000, otherPrice: 500 });
    expect(changed.rows).toContainEqual({ label: 'Дополнительный документ', amount: 500, kind: 'charge' });
    expect(changed.rows.at(-1)).toEqual({
      label: 'Изменение стоимости менеджером',
      amount: 200,
      kind: 'adjustment',
    });
    expect(changed.total).toBe(5000);
  });

  it('lists the urgency surcharge as a charge of its own, so receipts carry it', () => {
    const urgent = amountBreakdown({ ...order, amount: 5500, urgentAmount: 1200, urgentPercent: 50 });
    expect(urgent.rows).toEqual([
      { label: 'Паспорт с заверением × 2', amount: 4200, kind: 'line' },
      { label: 'Срочное выполнение +50 %', amount: 1200, kind: 'charge' },
      { label: 'Доставка', amount: 100, kind: 'charge' },
    ]);
    expect(urgent.total).toBe(5500);
  });
});
