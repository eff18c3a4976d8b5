import { describe, expect, it } from 'vitest';
import { detailsOf } from './labels';

describe('what a task carries, as staff read it', () => {
  it('names a status change by the status in Russian, not its code', () => {
    expect(detailsOf({ orderId: 42, status: 'PAID' })).toEqual(['→ Оплачен']);
  });

  it('names a mail by its template in Russian, with its address', () => {
    expect(detailsOf({ template: 'order-paid', to: 'anna@example.ru' })).toEqual([
      'шаблон «заказ оплачен»',
      'anna@example.ru',
    ]);
  });
});
