/**
 * The Russian name of every field and parameter a request may carry, for the validation messages
 * people read («Заполните поле «Телефон»»). By property name, the same in every operation, with
 * overrides where one name means different things (an order's `name` is a person, an office's is
 * a title). test/contract/field-labels.test.ts checks that every property of every request in
 * openapi.yaml has a label here: a new field without one fails it.
 */
import type { operations } from '../../src/api/schema.gen';

type OperationId = keyof operations;

export const FIELD_LABELS: Record<string, string> = {
  'Idempotency-Key': 'Ключ повтора',
  'If-None-Match': 'Версия данных',
  address: 'Адрес',
  amount: 'Сумма',
  assuranceId: 'Заверение',
  assuranceIds: 'Заверения',
  audience: 'Получатели',
  auth: 'Ключ подписки',
  authDate: 'Время входа через Telegram',
  body: 'Текст',
  code: 'Код',
  comment: 'Комментарий',
  commission: 'Комиссия',
  cost: 'Себестоимость',
  costSaturday: 'Себестоимость в субботу',
  costSunday: 'Себестоимость в воскресенье',
  costWeekday: 'Себестоимость в будни',
  count: 'Количество',
  courier: 'Служба доставки',
  dateFrom: 'Дата с',
  dateTo: 'Дата по',
  deliveryData: 'Данные доставки',
  deliveryId: 'Способ получения',
  deliveryPrice: 'Стоимость доставки',
  deliveryType: 'Способ получения',
  description: 'Описание',
  direction: 'Порядок сортировки',
  discount: 'Скидка',
  documentId: 'Документ',
  documentIds: 'Документы',
  documentsAssurances: 'Заверения документов',
  documentsWithQuantity: 'Документы',
  email: 'Электронная почта',
  endDate: 'Дата окончания',
  endpoint: 'Адрес подписки',
  event: 'Событие',
  expectedStatus: 'Ожидаемый статус',
  expirationTime: 'Срок подписки',
  file: 'Файл',
  fileIds: 'Файлы',
  files: 'Файлы',
  firstName: 'Имя',
  from: 'Откуда',
  hash: 'Ключ ссылки',
  id: 'Номер записи',
  includeRead: 'Показывать прочитанные',
  inn: 'ИНН',
  isActive: 'Активность',
  items: 'Список',
  keys: 'Ключи подписки',
  kpp: 'КПП',
  lastName: 'Фамилия',
  lat: 'Широта',
  length: 'Длина',
  limit: 'Количество на странице',
  login: 'Логин',
  lon: 'Долгота',
  maxUses: 'Число использований',
  metro: 'Метро',
  metroColor: 'Цвет линии метро',
  name: 'Название',
  object: 'Объект',
  officeId: 'Офис',
  offset: 'Начало страницы',
  orderDocuments: 'Документы',
  orderId: 'Заказ',
  orgId: 'Организация',
  organizationAddress: 'Юридический адрес',
  organizationId: 'Организация',
  organizationInn: 'ИНН',
  organizationKpp: 'КПП',
  organizationName: 'Название организации',
  originalLanguage: 'Язык оригинала',
  otherCost: 'Себестоимость другого документа',
  otherPrice: 'Цена другого документа',
  p256dh: 'Ключ подписки',
  partnerId: 'Партнёр',
  password: 'Пароль',
  payerType: 'Плательщик',
  paymentUrl: 'Ссылка на оплату',
  phone: 'Телефон',
  phoneNumber: 'Телефон',
  photo: 'Фото',
  photoUrl: 'Фото',
  pickupPointCode: 'Код пункта выдачи',
  pickupPointId: 'Пункт выдачи',
  price: 'Цена',
  promoCode: 'Промокод',
  promoDiscountPercent: 'Скидка по промокоду',
  promoIsValid: 'Проверка промокода',
  quantity: 'Количество экземпляров',
  query: 'Запрос',
  reason: 'Причина',
  role: 'Роль',
  schedule: 'Часы работы',
  search: 'Поиск',
  signerName: 'ФИО подписанта',
  signerPosition: 'Должность подписанта',
  sort: 'Сортировка',
  sortOrder: 'Порядок',
  startDate: 'Дата начала',
  status: 'Статус',
  targetLanguage: 'Язык перевода',
  telegramId: 'Telegram',
  time: 'Срок',
  title: 'Заголовок',
  to: 'Куда',
  type: 'Название',
  url: 'Ссылка',
  userId: 'Пользователь',
  username: 'Имя пользователя',
  verificationCode: 'Код из письма',
};

/** Where a property's name means something else in one operation. */
const OPERATION_LABELS: Partial<Record<OperationId, Record<string, string>>> = {
  createOrder: { name: 'Имя и фамилия' },
  authRequestAccess: { name: 'Имя' },
  authTelegram: { id: 'Telegram' },
  validatePromoCode: { code: 'Промокод' },
};

/** The label of the last named segment of a path such as /body/orderDocuments/0/quantity. */
export function fieldLabel(path: string, operationId?: string): string | null {
  const name = path
    .split('/')
    .slice(2)
    .reverse()
    .find((segment) => segment !== '' && !/^\d+$/.test(segment));
  if (!name) return null;
  const own = operationId ? OPERATION_LABELS[operationId as OperationId]?.[name] : undefined;
  return own ?? FIELD_LABELS[name] ?? null;
}
