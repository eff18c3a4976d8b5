/** Contract-shaped answers of getOrder for the order card's component tests. */
import type { OrderCosts, StaffOrder, StaffOrderDetail, StaffOrderTracking } from './staff-order-types';

export function aStaffOrder(overrides: Partial<StaffOrder> = {}): StaffOrder {
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
    userId: 7,
    placedWithoutSignIn: false,
    originalLanguage: 'ru',
    targetLanguage: 'en',
    comment: 'Имя латиницей как в загранпаспорте',
    documents: [
      {
        id: 1,
        documentId: 1,
        type: 'Паспорт',
        quantity: 2,
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
        size: 1_572_864,
        type: 'application/pdf',
        url: '/api/files/0b7c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
        addedAt: null,
        addedByEmail: null,
      },
    ],
    deliveryType: 'PICKUP_POINT',
    deliveryId: 2,
    deliveryPrice: 250,
    deliveryData: null,
    address: null,
    pickupPointId: 3,
    pickupPointName: 'Тверская, 7',
    officeId: null,
    partnerId: 1,
    promoCode: 'WELCOME10',
    discountPercent: 10,
    promoAmount: 0,
    otherPrice: 0,
    otherCost: 0,
    payerType: 'INDIVIDUAL',
    organizationId: null,
    organizationInn: null,
    organizationName: null,
    organizationKpp: null,
    organizationAddress: null,
    urgent: false,
    urgentPercent: 0,
    urgentAmount: 0,
    dueDate: '2026-11-25',
    assignee: null,
    createdAt: '2026-11-20T10:15:00.000Z',
    updatedAt: '2026-11-20T10:20:00.000Z',
    ...overrides,
  };
}

/**
 * Passport ×2 at 1 200 + 900 → 4 200, minus 10 % → 3 780, plus delivery 250 → 4 030. It costs
 * 2 550 and the partner's 10 % (403): 2 953, margin 1 077 (26,7 %).
 */
export function someCosts(overrides: Partial<OrderCosts> = {}): OrderCosts {
  return {
    subtotal: 4200,
    discountAmount: 420,
    urgentAmount: 0,
    deliveryPrice: 250,
    otherPrice: 0,
    amount: 4030,
    documentsCost: 2550,
    otherCost: 0,
    partnerCommissionRate: 10,
    partnerCommission: 403,
    totalCost: 2953,
    margin: 1077,
    marginPercent: 26.7,
    lines: [{ id: 1, cost: 600, assurances: [{ assuranceId: 1, cost: 550 }] }],
    ...overrides,
  };
}

export function aStaffDetail(
  order: StaffOrder = aStaffOrder({ amount: 4030 }),
  overrides: Partial<StaffOrderDetail> = {},
): StaffOrderDetail {
  return {
    order,
    history: [
      {
        id: 1,
        fromStatus: null,
        status: 'NEW',
        comment: null,
        createdAt: '2026-11-20T10:15:00.000Z',
        actorEmail: 'anna@example.ru',
        actorRole: 'USER',
      },
      {
        id: 2,
        fromStatus: 'NEW',
        status: 'AWAITING_PAYMENT',
        comment: 'Проверено, можно оплачивать',
        createdAt: '2026-11-20T10:20:00.000Z',
        actorEmail: 'admin@perevod.local',
        actorRole: 'ADMIN',
      },
    ],
    changes: [],
    allowedStatuses: ['PAID', 'NEW', 'CANCELLED'],
    costs: someCosts(),
    place: {
      kind: 'PICKUP_POINT',
      id: 3,
      name: 'Тверская, 7',
      address: 'Москва, ул. Тверская, 7',
      schedule: 'Пн–Вс 10:00–21:00',
      metro: 'Охотный Ряд',
      metroColor: '#D6083B',
      phone: null,
      howToFind: null,
      lat: 55.7575,
      lon: 37.6135,
    },
    results: [],
    ...overrides,
  };
}

/** The card's tracking line (GET /api/order/{id}/tracking): a live link, no Telegram chat. */
export function aStaffTracking(overrides: Partial<StaffOrderTracking> = {}): StaffOrderTracking {
  return {
    trackingUrl: 'https://perevod.example.ru/track/8cY2Hq0v3kZbT1sWmA9dLr5nXeGfUjPoQiRtVy7wBzC',
    linkCreatedAt: '2026-11-20T10:15:00.000Z',
    linkExpiresAt: null,
    revokedLinks: 0,
    telegramChats: 0,
    telegramSince: null,
    ...overrides,
  };
}
