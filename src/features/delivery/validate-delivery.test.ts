import { describe, expect, it } from 'vitest';
import type { components } from '../../api/schema.gen';
import { validateDelivery } from './validate-delivery';

type FormParams = components['schemas']['FormParams'];

const formParams = {
  documents: [],
  assurances: [],
  languages: [],
  deliveries: [
    { id: 1, type: 'Самовывоз из офиса', code: 'OFFICE', price: 0, time: 'В день готовности' },
    { id: 2, type: 'Пункт выдачи', code: 'PICKUP_POINT', price: 250, time: '1–3 дня' },
    { id: 3, type: 'Курьер по Москве', code: 'COURIER', price: 600, time: 'На следующий день' },
  ],
} as unknown as FormParams;

describe('validateDelivery', () => {
  it('asks for a way to get the translation first', () => {
    expect(validateDelivery({}, formParams)).toEqual([
      { fieldId: 'deliveryId', message: 'Выберите способ получения' },
    ]);
    expect(validateDelivery({ deliveryId: 99 }, formParams)[0]?.fieldId).toBe('deliveryId');
  });

  it('needs a point for pickup and nothing more for the office', () => {
    expect(validateDelivery({ deliveryId: 2 }, formParams)).toEqual([
      { fieldId: 'pickupPointId', message: 'Выберите пункт выдачи на карте или в списке' },
    ]);
    expect(validateDelivery({ deliveryId: 2, pickupPointId: 5 }, formParams)).toEqual([]);
    expect(validateDelivery({ deliveryId: 1 }, formParams)).toEqual([]);
  });

  it('needs a whole address for a courier', () => {
    expect(validateDelivery({ deliveryId: 3, address: '   ' }, formParams)[0]?.message).toBe(
      'Введите адрес доставки',
    );
    expect(validateDelivery({ deliveryId: 3, address: 'Тв' }, formParams)[0]?.message).toBe(
      'Укажите адрес полностью: город, улица, дом',
    );
    expect(validateDelivery({ deliveryId: 3, address: 'Москва, Тверская 18' }, formParams)).toEqual([]);
  });
});
