/**
 * The order form's rules, free of React: what each step asks, what makes it complete, and the
 * price the summary shows — the same priceOrder the server charges with, on the same catalogue
 * (costs are the bureau's and are not in the public catalogue, so they are zero here).
 */
import type { components } from '../../api/schema.gen';
import type { DraftPayload } from '../../db/drafts';
import { INN_ERROR, isValidInn } from '../../domain/inn';
import { orderLinesFromPayload } from '../../domain/order-lines';
import { isValidPhone, PHONE_ERROR } from '../../domain/phone';
import { type PriceBreakdown, priceOrder } from '../../domain/pricing';
import type { Problems } from '../../ui/field-errors';

export type FormParams = components['schemas']['FormParams'];
export type OrderStep = 1 | 2 | 3 | 4;

export const STEP_TITLES: Record<OrderStep, string> = {
  1: 'Документы и языки',
  2: 'Файлы документов',
  3: 'Контактные данные',
  4: 'Получение и проверка заказа',
};

export type DocumentChoice = { documentId: number; quantity: number; assuranceIds: number[] };

export const chosenDocuments = (payload: DraftPayload): DocumentChoice[] =>
  orderLinesFromPayload(payload).map((line) => ({ ...line }));

/** The summary's breakdown, or null before any document is chosen. */
export function priceDraft(catalogue: FormParams, payload: DraftPayload): PriceBreakdown | null {
  const lines = chosenDocuments(payload).filter((line) =>
    catalogue.documents.some((d) => d.id === line.documentId),
  );
  if (lines.length === 0) return null;
  const delivery = catalogue.deliveries.find((d) => d.id === payload.deliveryId);
  return priceOrder({
    lines: lines.map((line) => ({
      ...line,
      assuranceIds: line.assuranceIds.filter((id) => catalogue.assurances.some((a) => a.id === id)),
    })),
    documents: new Map(catalogue.documents.map((d) => [d.id, { ...d, cost: 0 }])),
    assurances: new Map(
      catalogue.assurances.map((a) => [a.id, { ...a, costWeekday: 0, costSaturday: 0, costSunday: 0 }]),
    ),
    deliveryPrice: delivery?.price ?? 0,
    discountPercent: payload.promoIsValid ? (payload.promoDiscountPercent ?? 0) : 0,
  });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateStepOne(payload: DraftPayload): Problems {
  const problems: Problems = {};
  if (chosenDocuments(payload).length === 0) problems.documents = 'Выберите хотя бы один документ';
  if (!payload.originalLanguage) problems.originalLanguage = 'Выберите язык оригинала';
  if (!payload.targetLanguage) problems.targetLanguage = 'Выберите язык перевода';
  else if (payload.targetLanguage === payload.originalLanguage) {
    problems.targetLanguage = 'Язык перевода должен отличаться от языка оригинала';
  }
  return problems;
}

/** Files are optional (they may come later by email), but a file still uploading is not done. */
export function validateStepTwo(waitingFiles: number): Problems {
  return waitingFiles > 0 ? { files: 'Дождитесь окончания загрузки файлов или удалите их' } : {};
}

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

/** The body POST /api/order gets: only the contract's fields, trimmed, in the one line shape. */
export function orderBody(payload: DraftPayload): DraftPayload {
  const legal = payload.payerType === 'LEGAL';
  const body: DraftPayload = {
    name: payload.name?.trim(),
    phoneNumber: payload.phoneNumber?.trim(),
    email: payload.email?.trim(),
    originalLanguage: payload.originalLanguage,
    targetLanguage: payload.targetLanguage,
    comment: payload.comment?.trim() || null,
    orderDocuments: chosenDocuments(payload),
    payerType: payload.payerType ?? 'INDIVIDUAL',
    organizationInn: legal ? payload.organizationInn?.trim() || null : null,
    organizationKpp: legal ? payload.organizationKpp?.trim() || null : null,
    organizationName: legal ? payload.organizationName?.trim() || null : null,
    organizationAddress: legal ? payload.organizationAddress?.trim() || null : null,
    promoCode: payload.promoCode?.trim() || null,
    deliveryType: payload.deliveryType,
    deliveryId: payload.deliveryId ?? null,
    pickupPointId: payload.deliveryType === 'PICKUP_POINT' ? (payload.pickupPointId ?? null) : null,
    address: payload.deliveryType === 'COURIER' ? payload.address?.trim() || null : null,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as DraftPayload;
}
