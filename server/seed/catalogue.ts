/**
 * The demo catalogue with the ids the contract's examples use (openapi.yaml): the contract test
 * sends those examples, so document 1 must be the passport, assurance 1 the notary, and so on.
 */
export const SEED_DOCUMENT_TYPES = [
  { id: 1, type: 'Паспорт', price: 1200, cost: 600, leadDays: 1 },
  { id: 2, type: 'Диплом', price: 1500, cost: 800, leadDays: 2 },
  { id: 3, type: 'Приложение к диплому', price: 2500, cost: 1300, leadDays: 3 },
  { id: 4, type: 'Свидетельство о рождении', price: 1000, cost: 500, leadDays: 1 },
  { id: 5, type: 'Свидетельство о браке', price: 1000, cost: 500, leadDays: 1 },
  { id: 6, type: 'Водительское удостоверение', price: 1100, cost: 550, leadDays: 1 },
  { id: 7, type: 'Справка об отсутствии судимости', price: 1300, cost: 650, leadDays: 1 },
  { id: 8, type: 'Доверенность', price: 1400, cost: 700, leadDays: 2 },
  { id: 9, type: 'Аттестат', price: 1500, cost: 800, leadDays: 2 },
  { id: 10, type: 'Трудовая книжка', price: 2000, cost: 1000, leadDays: 3 },
  // Priced «по оценке»: staff quote it on the order card once they see it (PATCH /api/order/quote).
  { id: 11, type: 'Другой документ', price: 0, cost: 0, leadDays: 3 },
].map((row) => ({ ...row, sortOrder: row.id }));

export const SEED_ASSURANCES = [
  {
    id: 1,
    type: 'Нотариальное заверение перевода',
    price: 900,
    cost: 500,
    costWeekday: 500,
    costSaturday: 700,
    costSunday: 900,
    notaryDays: 1,
  },
  {
    id: 2,
    type: 'Апостиль',
    price: 3500,
    cost: 2500,
    costWeekday: 2500,
    costSaturday: 2500,
    costSunday: 2500,
    notaryDays: 5,
  },
  {
    id: 3,
    type: 'Заверение печатью бюро',
    price: 400,
    cost: 100,
    costWeekday: 100,
    costSaturday: 100,
    costSunday: 100,
    notaryDays: 0,
  },
  {
    id: 4,
    type: 'Консульская легализация',
    price: 6500,
    cost: 4500,
    costWeekday: 4500,
    costSaturday: 4500,
    costSunday: 4500,
    notaryDays: 10,
  },
  {
    id: 5,
    type: 'Нотариальная копия',
    price: 300,
    cost: 150,
    costWeekday: 150,
    costSaturday: 200,
    costSunday: 250,
    notaryDays: 1,
  },
].map((row) => ({ ...row, sortOrder: row.id }));

type DeliveryCode = 'OFFICE' | 'PICKUP_POINT' | 'COURIER';

export const SEED_DELIVERIES: {
  id: number;
  type: string;
  code: DeliveryCode;
  price: number;
  time: string;
}[] = [
  { id: 1, type: 'Самовывоз из офиса', code: 'OFFICE', price: 0, time: 'В день готовности' },
  { id: 2, type: 'Пункт выдачи', code: 'PICKUP_POINT', price: 250, time: '1–3 дня' },
  { id: 3, type: 'Курьер по Москве', code: 'COURIER', price: 600, time: 'На следующий день' },
];

export const SEED_OFFICES = [
  {
    id: 1,
    name: 'Офис на Тверской',
    address: 'Москва, ул. Тверская, 12, стр. 1',
    schedule: 'Пн–Пт 9:00–20:00, Сб 10:00–16:00',
    phone: '+7 495 123-45-67',
    email: 'tverskaya@perevod.local',
    lat: 55.7625,
    lon: 37.6097,
    sortOrder: 1,
  },
  {
    id: 2,
    name: 'Офис у Павелецкой',
    address: 'Москва, ул. Зацепский Вал, 5',
    schedule: 'Пн–Пт 9:00–20:00',
    phone: '+7 495 123-45-68',
    email: 'paveletskaya@perevod.local',
    lat: 55.7316,
    lon: 37.6388,
    sortOrder: 2,
  },
];

export const SEED_PARTNERS = [
  { id: 1, name: 'ПВЗ Экспресс', commission: 10 },
  { id: 2, name: 'Курьер-Сервис Москва', commission: 12.5 },
];

export const SEED_PROMO_CODES = [
  {
    id: 1,
    code: 'WELCOME10',
    discount: 10,
    description: 'Скидка 10% на первый заказ',
    isActive: true,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    maxUses: null,
  },
  {
    id: 2,
    code: 'STUDENT15',
    discount: 15,
    description: 'Скидка 15% для студентов',
    isActive: true,
    startDate: null,
    endDate: null,
    maxUses: 500,
  },
  {
    id: 3,
    code: 'AUTUMN20',
    discount: 20,
    description: 'Осенняя акция',
    isActive: false,
    startDate: '2025-09-01',
    endDate: '2025-11-30',
    maxUses: null,
  },
  {
    id: 4,
    code: 'MINUS500',
    kind: 'AMOUNT' as const,
    discount: 0,
    amount: 500,
    minOrderSum: 3000,
    description: '500 ₽ на заказ от 3 000 ₽',
    isActive: true,
    startDate: null,
    endDate: null,
    maxUses: null,
  },
];
