/** Contract-shaped answers for the cabinet's component tests (typed from schema.gen.ts). */
import type {
  CabinetNotification,
  Invoice,
  MyOrder,
  MyOrderDetail,
  MyOrderPage,
  MyOrderSummary,
  Organization,
  Place,
} from './cabinet-types';

const PLACE: Place = {
  kind: 'PICKUP_POINT',
  id: 1,
  name: 'Тверская',
  address: 'Москва, ул. Тверская, д. 7',
  schedule: 'Пн–Пт 10:00–20:00',
  metro: 'Охотный Ряд',
  metroColor: '#DA2128',
  phone: '+7 495 000-00-00',
  howToFind: 'Вход со двора, второй этаж',
  lat: 55.7578,
  lon: 37.6131,
};

/** A customer's order as GET /api/user/orders/{id} gives it: by default an individual's, awaiting payment. */
export function anOrder(overrides: Partial<MyOrder> = {}): MyOrder {
  return {
    id: 42,
    number: '2611-00042',
    status: 'AWAITING_PAYMENT',
    statusLabel: 'Ожидает оплаты',
    amount: 2140,
    subtotal: 2100,
    discountPercent: 10,
    discountAmount: 210,
    promoCode: 'WELCOME10',
    deliveryPrice: 250,
    otherPrice: 0,
    urgent: false,
    urgentPercent: 0,
    urgentAmount: 0,
    dueDate: '2026-11-25',
    paymentUrl: null,
    paidAt: null,
    refund: null,
    name: 'Анна Смирнова',
    phoneNumber: '+7 916 123-45-67',
    email: 'anna@example.ru',
    placedWithoutSignIn: false,
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
        byEstimate: false,
        targetLanguages: ['en'],
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
        addedAt: null,
        addedByEmail: null,
      },
    ],
    deliveryType: 'PICKUP_POINT',
    deliveryName: 'Пункт выдачи',
    address: null,
    pickupPointName: 'Тверская',
    place: PLACE,
    payerType: 'INDIVIDUAL',
    organizationId: null,
    organizationInn: null,
    organizationName: null,
    organizationKpp: null,
    organizationAddress: null,
    invoices: [],
    actSigned: false,
    nextStep: {
      kind: 'PAY',
      title: 'Оплатите заказ',
      description: 'К оплате 2 140 ₽ картой онлайн.',
      place: null,
    },
    actions: { canPay: true, canCancel: true, canRepeat: true, canAddFiles: true, canChange: true },
    results: [],
    unreadMessages: 0,
    createdAt: '2026-11-20T10:15:00.000Z',
    updatedAt: '2026-11-20T10:20:00.000Z',
    ...overrides,
  };
}

/** The list row of an order, as GET /api/user/orders gives it. */
export function aSummary(order: MyOrder = anOrder()): MyOrderSummary {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    statusLabel: order.statusLabel,
    amount: order.amount,
    placedWithoutSignIn: order.placedWithoutSignIn,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    documents: order.documents.map((line) => ({
      type: line.type,
      quantity: line.quantity,
      targetLanguages: line.targetLanguages,
    })),
    urgent: order.urgent,
    dueDate: order.dueDate,
    originalLanguage: order.originalLanguage,
    targetLanguage: order.targetLanguage,
    unreadMessages: order.unreadMessages,
    deliveryType: order.deliveryType,
    payerType: order.payerType,
    organizationId: order.organizationId,
    organizationName: order.organizationName,
    nextStep: order.nextStep,
  };
}

export function anOrderPage(orders: MyOrder[], total = orders.length): MyOrderPage {
  return { items: orders.map(aSummary), total, limit: 20, offset: 0 };
}

export function anOrderDetail(order: MyOrder = anOrder()): MyOrderDetail {
  return {
    order,
    history: [
      {
        id: 1,
        fromStatus: null,
        status: 'NEW',
        statusLabel: 'Новый',
        comment: null,
        byCustomer: true,
        createdAt: '2026-11-20T10:15:00.000Z',
      },
      {
        id: 2,
        fromStatus: 'NEW',
        status: 'AWAITING_PAYMENT',
        statusLabel: 'Ожидает оплаты',
        comment: 'Стоимость подтверждена',
        byCustomer: false,
        createdAt: '2026-11-20T10:20:00.000Z',
      },
    ],
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
    pdfStatus: 'READY',
    pdfUrl: '/api/files/6f0b6c1e-8f7a-4d61-9a1e-2b3c4d5e6f70',
    status: 'ISSUED',
    createdAt: '2026-11-20T10:20:00.000Z',
    paidAt: null,
    signedAt: null,
    signedUrl: null,
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
