import { describe, expect, it } from 'vitest';
import { statusInCustomerWords } from './customer-words';

describe("a status in the customer's words", () => {
  it('names the place once, however the bureau named it', () => {
    const point = { deliveryType: 'PICKUP_POINT' as const, placeName: 'Пункт выдачи «Тверская»' };
    expect(statusInCustomerWords('AT_PICKUP_POINT', point)).toBe(
      'Заказ ждёт вас в пункте выдачи «Тверская».',
    );
    expect(statusInCustomerWords('IN_DELIVERY', { ...point, placeName: 'Арбатская' })).toBe(
      'Заказ едет в пункт выдачи «Арбатская».',
    );
    expect(statusInCustomerWords('READY', { deliveryType: 'OFFICE', placeName: 'Офис на Тверской' })).toBe(
      'Перевод готов и ждёт вас в офисе «Офис на Тверской».',
    );
    expect(statusInCustomerWords('READY', { deliveryType: 'COURIER', placeName: null })).toBe(
      'Перевод готов и передаётся в курьерскую службу.',
    );
  });
});
