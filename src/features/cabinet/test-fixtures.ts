/** Contract-shaped answers for the cabinet's component tests (typed from schema.gen.ts). */
import type {
  CabinetNotification,
  Invoice,
  MyOrder,
  MyOrderDetail,
  MyOrderPage,
  Organization,
  PickupPoint,
} from './cabinet-types';

export function anOrder(overrides: Partial<MyOrder> = {}): MyOrder {
  return {
    id: 42,
    number: '2611-00042',
    status: 'AWAITING_PAYMENT',
    amount: 2140,
    paymentUrl: null,
    invoicePdfPath: null,
    actPdfPath: null,
    actSignedPath: null,
    name: 'Анна Смирнова',
    phoneNumber: '+7 916 123-45-67',
    email: 'anna@example.ru',
    userId: 2,
    originalLanguage: 'ru',
    targetLanguage: 'en',
    comment: 'Имя латиницей как в загранпаспорте',
    documents: [
      {
        id: 1,
        documentId: 1,
        type: 'Паспорт',
        quantity: 1,
        price: 1200,
        assurances: [{ assuranceId: 1, type: 'Нотариальное заверение перевода', price: 900 }],
      },
    ],
    files: [
      {
        id: '0b7c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
        name: 'passport.pdf',
        size: 482133,
        type: 'application/pdf',
        url: '/api/files/0b7c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
      },
    ],
    deliveryType: 'PICKUP_POINT',
    deliveryId: 2,
    deliveryPrice: 250,
    deliveryData: null,
    address: null,
    pickupPointId: 1,
    pickupPointName: 'Пункт выдачи «Тверская»',
    partnerId: 1,
    promoCode: 'WELCOME10',
    discountPercent: 10,
    otherPrice: 0,
    otherCost: 0,
    payerType: 'INDIVIDUAL',
    organizationId: null,
    organizationInn: null,
    organizationName: null,
    organizationKpp: null,
    organizationAddress: null,
    createdAt: '2026-11-20T10:15:00.000Z',
    updatedAt: '2026-11-20T10:20:00.000Z',
    ...overrides,
  };
}

export function anOrderPage(items: MyOrder[], total = items.length): MyOrderPage {
  return { items, total, limit: 20, offset: 0 };
}

export function anOrderDetail(order: MyOrder = anOrder()): MyOrderDetail {
  return {
    order,
    history: [
      {
        id: 1,
        fromStatus: null,
        status: 'NEW',
        comment: null,
        createdAt: '2026-11-20T10:15:00.000Z',
        actorEmail: null,
        actorRole: null,
      },
      {
        id: 2,
        fromStatus: 'NEW',
        status: 'AWAITING_PAYMENT',
        comment: 'Стоимость подтверждена',
        createdAt: '2026-11-20T10:20:00.000Z',
        actorEmail: null,
        actorRole: 'MANAGER',
      },
    ],
    allowedStatuses: order.status === 'NEW' || order.status === 'AWAITING_PAYMENT' ? ['CANCELLED'] : [],
  };
}

export function aPickupPoint(overrides: Partial<PickupPoint> = {}): PickupPoint {
  return {
    id: 1,
    code: null,
    name: 'Пункт выдачи «Тверская»',
    schedule: 'Пн–Пт 10:00–20:00',
    address: 'Москва, ул. Тверская, д. 7',
    lat: 55.7578,
    lon: 37.6131,
    partnerId: 1,
    description: null,
    email: null,
    phone: '+7 495 000-00-00',
    photos: [],
    isActive: true,
    type: 'PARTNER',
    metro: 'Охотный Ряд',
    metroColor: '#DA2128',
    ...overrides,
  };
}

export function aNotification(overrides: Partial<CabinetNotification> = {}): CabinetNotification {
  return {
    id: 1,
    type: 'ORDER_STATUS',
    title: 'Заказ 2611-00042 ожидает оплаты',
    body: 'Стоимость 2140 ₽. Оплатить можно в личном кабинете.',
    url: '/cabinet/orders/42',
    orderId: 42,
    read: false,
    createdAt: '2026-11-20T10:20:00.000Z',
    ...overrides,
  };
}

export function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 1,
    orderId: 42,
    orderNumber: '2611-00042',
    kind: 'INVOICE',
    number: 'СЧ-2611-00042',
    amount: 2140,
    pdfUrl: '/api/files/6f0b6c1e-8f7a-4d61-9a1e-2b3c4d5e6f70',
    status: 'ISSUED',
    createdAt: '2026-11-20T10:20:00.000Z',
    paidAt: null,
    ...overrides,
  };
}

export function anOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 1,
    inn: '7707083893',
    kpp: '773601001',
    name: 'ООО «Ромашка»',
    address: '125009, Москва, ул. Тверская, д. 7',
    signerName: null,
    signerPosition: null,
    ...overrides,
  };
}
