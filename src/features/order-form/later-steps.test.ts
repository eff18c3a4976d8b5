import { describe, expect, it } from 'vitest';
import type { DraftPayload } from '../../db/drafts';
import { CONSENT_REQUIRED } from '../../domain/legal-documents';
import { firstIncompleteStep, orderBody, validateStepFour, validateStepThree } from './later-steps';
import type { FormParams } from './order-model';
import { stepToOpen } from './step-guard';

const stepOne: DraftPayload = {
  orderDocuments: [{ documentId: 1, quantity: 2, assuranceIds: [1] }],
  originalLanguage: 'ru',
  targetLanguage: 'en',
};
const contacts: DraftPayload = {
  name: 'Анна Петрова',
  phoneNumber: '8 (916) 123-45-67',
  email: 'anna@example.ru',
  personalDataConsent: true,
};
const catalogue: FormParams = {
  documents: [{ id: 1, type: 'Паспорт', price: 1200 }],
  assurances: [{ id: 1, type: 'Нотариальное заверение', price: 900 }],
  deliveries: [
    { id: 1, type: 'Самовывоз из офиса', code: 'OFFICE', price: 0, time: '1 день' },
    { id: 2, type: 'Пункт выдачи', code: 'PICKUP_POINT', price: 200, time: '2 дня' },
    { id: 3, type: 'Курьер', code: 'COURIER', price: 500, time: '1 день' },
  ],
  languages: [],
} as unknown as FormParams;

describe('step 3 rules', () => {
  it('asks for name, phone and email, in Russian', () => {
    expect(validateStepThree({})).toEqual({
      name: 'Введите имя и фамилию',
      phoneNumber: 'Введите номер телефона',
      email: 'Введите адрес электронной почты',
      personalDataConsent: CONSENT_REQUIRED,
    });
  });

  it('refuses a short phone and an email without a domain', () => {
    const problems = validateStepThree({ ...contacts, phoneNumber: '916 12', email: 'anna@' });
    expect(Object.keys(problems)).toEqual(['phoneNumber', 'email']);
  });

  it('asks a company for a valid INN (checksum) and a name; KPP is 9 digits when given', () => {
    const company = { ...contacts, payerType: 'LEGAL' as const };
    expect(Object.keys(validateStepThree(company))).toEqual(['organizationInn', 'organizationName']);
    const wrong = validateStepThree({ ...company, organizationInn: '7707083894', organizationKpp: '12' });
    expect(Object.keys(wrong)).toEqual(['organizationInn', 'organizationKpp', 'organizationName']);
    expect(
      validateStepThree({ ...company, organizationInn: '7707083893', organizationName: 'ООО «Ромашка»' }),
    ).toEqual({});
  });
});

describe('step 4 rules', () => {
  it('wants a delivery, a point for pickup points and an address for a courier', () => {
    expect(validateStepFour({}, catalogue)).toEqual({ deliveryId: 'Выберите способ получения' });
    expect(validateStepFour({ deliveryId: 2 }, catalogue)).toEqual({
      pickupPointId: 'Выберите пункт выдачи',
    });
    expect(validateStepFour({ deliveryId: 3, address: ' ' }, catalogue)).toEqual({
      address: 'Введите адрес доставки',
    });
    expect(validateStepFour({ deliveryId: 1 }, catalogue)).toEqual({});
  });
});

describe('steps opened out of turn', () => {
  it('sends each step to the first one still missing', () => {
    expect(stepToOpen(2, {})).toBe(1);
    expect(stepToOpen(3, {})).toBe(1);
    expect(stepToOpen(2, stepOne)).toBeNull();
    expect(stepToOpen(3, stepOne)).toBeNull();
    expect(stepToOpen(4, stepOne)).toBe(3);
    expect(stepToOpen(4, { ...stepOne, ...contacts })).toBeNull();
    expect(firstIncompleteStep({ ...stepOne, targetLanguage: 'ru', originalLanguage: 'ru' })).toBe(1);
  });
});

describe('the order body', () => {
  it('sends a normalised phone and no company fields for a private person', () => {
    const body = orderBody({
      ...stepOne,
      ...contacts,
      payerType: 'INDIVIDUAL',
      organizationInn: '7707083893',
      deliveryType: 'OFFICE',
      deliveryId: 1,
      address: 'не нужен',
    });
    if (!body) throw new Error('a complete draft makes a body');
    expect(body.phoneNumber).toBe('+7 916 123-45-67');
    expect(body.organizationInn).toBeNull();
    expect(body.address).toBeNull();
    expect(body.orderDocuments).toEqual([{ documentId: 1, quantity: 2, assuranceIds: [1] }]);
  });

  it('sends the office chosen for an office pickup, and no office for another delivery', () => {
    const office = orderBody({ ...stepOne, ...contacts, deliveryType: 'OFFICE', deliveryId: 1, officeId: 2 });
    expect(office?.officeId).toBe(2);
    const point = orderBody({
      ...stepOne,
      ...contacts,
      deliveryType: 'PICKUP_POINT',
      deliveryId: 2,
      pickupPointId: 7,
      officeId: 2,
    });
    expect(point?.officeId).toBeNull();
  });

  it('is not made while a field the contract requires is missing', () => {
    expect(orderBody({ ...stepOne, ...contacts, deliveryId: 1 })).toBeNull();
    expect(orderBody({ ...stepOne, deliveryType: 'OFFICE', deliveryId: 1 })).toBeNull();
  });
});
