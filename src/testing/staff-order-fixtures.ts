/** Contract-shaped answers for the staff orders' component tests (typed from schema.gen.ts). */
import type { components } from '../api/schema.gen';

type Schemas = components['schemas'];

/** One row of GET /api/order: by default an individual's order awaiting payment at a pickup point. */
export function aSummary(overrides: Partial<Schemas['OrderSummary']> = {}): Schemas['OrderSummary'] {
  return {
    id: 42,
    number: '2611-00042',
    status: 'AWAITING_PAYMENT',
    name: 'Анна Смирнова',
    phoneNumber: '+7 916 123-45-67',
    email: 'anna.smirnova@example.ru',
    amount: 2140,
    margin: 776,
    marginPercent: 36.3,
    deliveryType: 'PICKUP_POINT',
    pickupPointId: 1,
    pickupPointName: 'Пункт выдачи «Тверская»',
    partnerId: 1,
    payerType: 'INDIVIDUAL',
    organizationName: null,
    paymentUrl: null,
    unreadMessages: 0,
    urgent: false,
    dueDate: '2026-11-25',
    assigneeId: null,
    assigneeName: null,
    createdAt: '2026-11-20T10:15:00.000Z',
    updatedAt: '2026-11-20T10:20:00.000Z',
    ...overrides,
  };
}

/** One row of GET /api/order/partner: what a pickup counter sees. */
export function aPartnerOrder(overrides: Partial<Schemas['PartnerOrder']> = {}): Schemas['PartnerOrder'] {
  return {
    id: 42,
    number: '2611-00042',
    status: 'IN_DELIVERY',
    name: 'Анна Смирнова',
    phoneNumber: '+7 916 123-45-67',
    pickupPointId: 1,
    pickupPointName: 'Пункт выдачи «Тверская»',
    documents: [
      {
        type: 'Паспорт',
        quantity: 1,
        targetLanguages: ['en'],
        assurances: ['Нотариальное заверение перевода'],
      },
    ],
    resultsCount: 0,
    createdAt: '2026-11-20T10:15:00.000Z',
    updatedAt: '2026-11-20T10:20:00.000Z',
    ...overrides,
  };
}

export function aSummaryPage(
  items: Schemas['OrderSummary'][],
  overrides: Partial<Schemas['OrderSummaryPage']> = {},
): Schemas['OrderSummaryPage'] {
  return { items, total: items.length, totalCapped: false, limit: 20, offset: 0, ...overrides };
}

/** The whole order, as PATCH /api/order/status answers it. */
export function aStaffOrder(overrides: Partial<Schemas['Order']> = {}): Schemas['Order'] {
  const row = aSummary();
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    amount: row.amount,
    paymentUrl: null,
    invoicePdfPath: null,
    actPdfPath: null,
    actSignedPath: null,
    name: row.name,
    phoneNumber: row.phoneNumber,
    email: row.email,
    userId: 7,
    placedWithoutSignIn: false,
    originalLanguage: 'ru',
    targetLanguage: 'en',
    comment: null,
    documents: [],
    files: [],
    deliveryType: row.deliveryType,
    deliveryId: 2,
    deliveryPrice: 250,
    deliveryData: null,
    address: null,
    pickupPointId: row.pickupPointId,
    pickupPointName: row.pickupPointName,
    officeId: null,
    partnerId: row.partnerId,
    promoCode: null,
    discountPercent: 0,
    promoAmount: 0,
    otherPrice: 0,
    otherCost: 0,
    payerType: row.payerType,
    organizationId: null,
    organizationInn: null,
    organizationName: null,
    organizationKpp: null,
    organizationAddress: null,
    urgent: row.urgent,
    urgentPercent: 0,
    urgentAmount: 0,
    dueDate: row.dueDate,
    assignee: null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...overrides,
  };
}

/** GET /api/order/{id} for a manager: the order with no history yet, nothing to pay out. */
export function aStaffOrderDetail(order: Schemas['Order']): Schemas['StaffOrderDetail'] {
  const costs: Schemas['OrderCosts'] = {
    subtotal: order.amount,
    discountAmount: 0,
    urgentAmount: 0,
    deliveryPrice: order.deliveryPrice,
    otherPrice: order.otherPrice,
    amount: order.amount,
    documentsCost: 0,
    otherCost: 0,
    partnerCommissionRate: 0,
    partnerCommission: 0,
    totalCost: 0,
    margin: order.amount,
    marginPercent: order.amount > 0 ? 100 : null,
    lines: [],
  };
  return { order, history: [], changes: [], allowedStatuses: [], costs, place: null, results: [] };
}
