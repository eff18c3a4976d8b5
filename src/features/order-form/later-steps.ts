/**
 * The rules of steps 3 and 4 and the body the form sends: kept apart from order-model.ts so the
 * first step's download does not carry them.
 */
import type { DraftPayload } from '../../db/drafts';
import type { OrderCreate } from '../../db/schema';
import { INN_ERROR, isValidInn } from '../../domain/inn';
import { CONSENT_REQUIRED } from '../../domain/legal-documents';
import { formatPhone, isValidPhone, PHONE_ERROR } from '../../domain/phone';
import type { Problems } from '../../ui/field-errors';
import { chosenDocuments, type FormParams, type OrderStep, validateStepOne } from './order-model';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateStepThree(payload: DraftPayload): Problems {
  const problems: Problems = {};
  if (!payload.name?.trim()) problems.name = 'Введите имя и фамилию';
  if (!payload.phoneNumber?.trim()) problems.phoneNumber = 'Введите номер телефона';
  else if (!isValidPhone(payload.phoneNumber)) problems.phoneNumber = PHONE_ERROR;
  if (!payload.email?.trim()) problems.email = 'Введите адрес электронной почты';
  else if (!EMAIL.test(payload.email.trim())) {
    problems.email = 'Введите адрес электронной почты в правильном формате, например name@example.ru';
  }
  if (payload.payerType === 'LEGAL') {
    if (!payload.organizationInn?.trim()) problems.organizationInn = 'Введите ИНН организации';
    else if (!isValidInn(payload.organizationInn.trim())) problems.organizationInn = INN_ERROR;
    if (payload.organizationKpp && !/^\d{9}$/.test(payload.organizationKpp)) {
      problems.organizationKpp = 'КПП — это 9 цифр';
    }
    if (!payload.organizationName?.trim()) problems.organizationName = 'Введите название организации';
  }
  // Last, as it is last on the page: the error summary lists problems in the page's order.
  if (payload.personalDataConsent !== true) problems.personalDataConsent = CONSENT_REQUIRED;
  return problems;
}

export function validateStepFour(payload: DraftPayload, catalogue: FormParams): Problems {
  const problems: Problems = {};
  const delivery = catalogue.deliveries.find((d) => d.id === payload.deliveryId);
  if (!delivery) problems.deliveryId = 'Выберите способ получения';
  else if (delivery.code === 'PICKUP_POINT' && !payload.pickupPointId)
    problems.pickupPointId = 'Выберите пункт выдачи';
  else if (delivery.code === 'COURIER' && !payload.address?.trim())
    problems.address = 'Введите адрес доставки';
  return problems;
}

/** The first step whose questions are not answered yet (4 when 1–3 are done). */
export function firstIncompleteStep(payload: DraftPayload): OrderStep {
  if (Object.keys(validateStepOne(payload)).length > 0) return 1;
  if (Object.keys(validateStepThree(payload)).length > 0) return 3;
  return 4;
}

/**
 * The body POST /api/order gets: only the contract's fields, trimmed, in the one line shape. Null
 * while a field the contract requires is still missing (the steps' checks come first).
 */
export function orderBody(payload: DraftPayload): OrderCreate | null {
  const { name, phoneNumber, email, originalLanguage, targetLanguage, deliveryType } = payload;
  if (!name || !phoneNumber || !email || !originalLanguage || !targetLanguage || !deliveryType) return null;
  if (payload.personalDataConsent !== true) return null;
  const legal = payload.payerType === 'LEGAL';
  return {
    name: name.trim(),
    // One form for every way of typing it: «8 (916) 123-45-67» and «9161234567» are one customer.
    phoneNumber: phoneNumber.trim() ? formatPhone(phoneNumber) : phoneNumber,
    email: email.trim(),
    originalLanguage,
    targetLanguage,
    comment: payload.comment?.trim() || null,
    orderDocuments: chosenDocuments(payload),
    payerType: payload.payerType ?? 'INDIVIDUAL',
    organizationInn: legal ? payload.organizationInn?.trim() || null : null,
    organizationKpp: legal ? payload.organizationKpp?.trim() || null : null,
    organizationName: legal ? payload.organizationName?.trim() || null : null,
    organizationAddress: legal ? payload.organizationAddress?.trim() || null : null,
    promoCode: payload.promoCode?.trim() || null,
    deliveryType,
    deliveryId: payload.deliveryId ?? null,
    pickupPointId: deliveryType === 'PICKUP_POINT' ? (payload.pickupPointId ?? null) : null,
    // Left out when the list of offices never loaded: the server then takes the first office.
    officeId: deliveryType === 'OFFICE' ? (payload.officeId ?? null) : null,
    address: deliveryType === 'COURIER' ? payload.address?.trim() || null : null,
    urgent: payload.urgent === true,
    personalDataConsent: true,
  };
}
