import { describe, expect, it } from 'vitest';
import { maskPhone, normalizeOrderNumber, trackingContact, trackingFormProblems } from './tracking';

describe('the /track form reads what people type', () => {
  it('finds the order number however it is written', () => {
    for (const typed of ['2611-00042', '2611 00042', '№ 261100042', ' 2611—00042 ']) {
      expect(normalizeOrderNumber(typed)).toBe('2611-00042');
    }
    expect(normalizeOrderNumber('42')).toBeNull();
    expect(normalizeOrderNumber('заказ')).toBeNull();
  });

  it('takes a phone in any form the order form accepts, and an email in any case', () => {
    for (const typed of ['+7 916 123-45-67', '8 (916) 123-45-67', '9161234567', '+79161234567']) {
      expect(trackingContact(typed)).toEqual({ kind: 'phone', value: '79161234567' });
    }
    expect(trackingContact(' Anna.Smirnova@Example.RU ')).toEqual({
      kind: 'email',
      value: 'anna.smirnova@example.ru',
    });
    expect(trackingContact('anna@')).toBeNull();
    expect(trackingContact('12345')).toBeNull();
    expect(trackingContact('позвоните мне')).toBeNull();
  });

  it('says what is wrong with each field, in Russian', () => {
    expect(trackingFormProblems({ number: '', contact: '' })).toEqual({
      number: 'Введите номер заказа из письма, например 2611-00042',
      contact: 'Введите телефон или email, указанные в заказе, например +7 916 123-45-67',
    });
    expect(trackingFormProblems({ number: '2611-00042', contact: '89161234567' })).toEqual({});
  });

  it('hides the middle of a phone', () => {
    expect(maskPhone('+7 916 123-45-67')).toBe('+7 916 ***-**-67');
    expect(maskPhone('+375291234567')).toBe('+37********67');
  });
});
