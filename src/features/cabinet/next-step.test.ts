import { describe, expect, it } from 'vitest';
import { type NextStepOrder, shownStep } from './next-step';

const base: NextStepOrder = { status: 'NEW', deliveryType: 'PICKUP_POINT', nextStep: null };

describe('the next step a customer reads under an order', () => {
  it('puts the server’s call to action first when the customer has something to do', () => {
    const step = shownStep({
      ...base,
      status: 'AT_PICKUP_POINT',
      nextStep: {
        title: 'Заберите заказ',
        description: 'Заказ ждёт вас в пункте выдачи «Тверская»: Тверская, 7.',
      },
    });
    expect(step).toEqual({
      text: 'Заберите заказ',
      detail: 'Заказ ждёт вас в пункте выдачи «Тверская»: Тверская, 7.',
      yours: true,
    });
  });

  it('says what the bureau is doing when there is nothing for the customer to do', () => {
    expect(shownStep(base)).toEqual({
      text: 'Менеджер проверяет заказ и подтвердит стоимость',
      detail: null,
      yours: false,
    });
    for (const status of ['PAID', 'IN_TRANSLATION', 'NOTARIZATION'] as const) {
      expect(shownStep({ ...base, status }).text).toBe('Ничего делать не нужно: перевод в работе');
    }
    expect(shownStep({ ...base, status: 'IN_DELIVERY', deliveryType: 'COURIER' }).text).toBe(
      'Курьер везёт перевод',
    );
    expect(shownStep({ ...base, status: 'CANCELLED' }).text).toBe('Заказ отменён');
  });
});
