import { describe, expect, it } from 'vitest';
import { type NextStepOrder, nextStep } from './next-step';

const base: NextStepOrder = { status: 'NEW', payerType: 'INDIVIDUAL', deliveryType: 'PICKUP_POINT' };

describe('the next step a customer sees for an order', () => {
  it('asks a private customer to pay by card while the order awaits payment', () => {
    expect(nextStep({ ...base, status: 'AWAITING_PAYMENT' })).toEqual({
      kind: 'pay',
      text: 'Оплатите заказ картой',
      yours: true,
    });
  });

  it('asks a company for an invoice first, then to pay it and say so', () => {
    const legal = { ...base, status: 'AWAITING_PAYMENT', payerType: 'LEGAL' } as const;
    expect(nextStep(legal).text).toBe('Сформируйте счёт и оплатите его');
    expect(nextStep({ ...legal, hasInvoice: true }).text).toBe('Оплатите счёт и сообщите нам об оплате');
  });

  it('names the pickup point and its address when the translation waits there', () => {
    const step = nextStep(
      { ...base, status: 'AT_PICKUP_POINT', pickupPointName: 'На Тверской' },
      { name: 'На Тверской', address: 'Москва, Тверская ул., 7' },
    );
    expect(step).toEqual({
      kind: 'pickup',
      text: 'Заберите перевод в пункте выдачи «На Тверской», Москва, Тверская ул., 7',
      yours: true,
    });
    expect(nextStep({ ...base, status: 'AT_PICKUP_POINT', pickupPointName: 'На Тверской' }).text).toBe(
      'Заберите перевод в пункте выдачи «На Тверской»',
    );
  });

  it('asks a company to send the signed act once the order is done, and nothing after that', () => {
    const done = { ...base, status: 'COMPLETED', payerType: 'LEGAL' } as const;
    expect(nextStep({ ...done, hasAct: true })).toMatchObject({ kind: 'act', yours: true });
    expect(nextStep({ ...done, hasAct: true }).text).toContain('отправьте');
    expect(nextStep({ ...done, hasAct: true, actSigned: true })).toMatchObject({
      kind: 'done',
      yours: false,
    });
    expect(nextStep({ ...base, status: 'COMPLETED' }).text).toBe('Заказ выполнен');
  });

  it('tells the customer there is nothing to do while the bureau works', () => {
    for (const status of ['NEW', 'PAID', 'IN_TRANSLATION', 'NOTARIZATION'] as const) {
      expect(nextStep({ ...base, status }).yours).toBe(false);
    }
    expect(
      nextStep({ ...base, status: 'IN_DELIVERY', deliveryType: 'COURIER', address: 'Москва, Арбат, 1' }).text,
    ).toBe('Курьер везёт перевод по адресу Москва, Арбат, 1');
    expect(nextStep({ ...base, status: 'READY', deliveryType: 'OFFICE' }).yours).toBe(true);
  });
});
