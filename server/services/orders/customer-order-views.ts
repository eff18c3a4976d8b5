/**
 * Orders as their customer sees them (the cabinet), built field by field
 * from the staff's complete Order, so a field added for staff never reaches customers by
 * accident: no bureau cost, no other-document cost, no server file paths, no staff emails.
 * The «next step» and the offered actions are decided here, from the status machine.
 */
import type { components } from '../../../src/api/schema.gen';
import { formatRubles } from '../../../src/domain/format';
import {
  isActDue,
  isCancellableByCustomer,
  isPayable,
  mayAddFiles,
  mayChangeOrder,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  waitsForPickup,
} from '../../../src/domain/order-status';
import type { Order } from './load-order';
import { placeText } from './order-places';

type Schemas = components['schemas'];
export type CustomerOrder = Schemas['CustomerOrder'];
export type CustomerOrderSummary = Schemas['CustomerOrderSummary'];
export type CustomerNextStep = Schemas['CustomerNextStep'];
export type CustomerPlace = Schemas['CustomerPlace'];
export type CustomerStatusChange = Schemas['CustomerStatusChange'];
export type CustomerOrderActions = Schemas['CustomerOrderActions'];
export type Invoice = Schemas['Invoice'];
type PayerType = Schemas['PayerType'];
type DeliveryCode = Schemas['DeliveryCode'];

/** What decides the next step: the order's state and, for a pickup, where. */
export interface NextStepInput {
  status: OrderStatus;
  payerType: PayerType;
  deliveryType: DeliveryCode;
  amount: number;
  /** An act has been issued for the order. */
  actIssued: boolean;
  /** The customer has sent the signed act back. */
  actSigned: boolean;
  /** The order's invoice, once issued: whether the customer has said it is paid. */
  invoice?: Pick<Invoice, 'number' | 'status'> | null;
  place: CustomerPlace | null;
}

function pickUpAt(place: CustomerPlace): CustomerNextStep {
  return {
    kind: 'PICK_UP',
    title: 'Заберите заказ',
    description: `Заказ ждёт вас ${placeText(place)}.`,
    place,
  };
}

/** A company pays by invoice: make it, pay it and say so; once said, nothing is left to do. */
function invoiceStep(input: NextStepInput): CustomerNextStep | null {
  const invoice = input.invoice ?? null;
  if (invoice && invoice.status !== 'ISSUED') return null;
  return {
    kind: 'PAY_INVOICE',
    title: 'Оплатите счёт',
    description: invoice
      ? `Оплатите счёт ${invoice.number} на ${formatRubles(input.amount)} и нажмите «Я оплатил счёт».`
      : `Сформируйте счёт на ${formatRubles(input.amount)}, оплатите его и сообщите нам об оплате.`,
    place: null,
  };
}

export function nextStepFor(input: NextStepInput): CustomerNextStep | null {
  const { status, payerType } = input;
  if (isPayable(status)) {
    if (payerType === 'LEGAL') return invoiceStep(input);
    return {
      kind: 'PAY',
      title: 'Оплатите заказ',
      description: `К оплате ${formatRubles(input.amount)} картой онлайн.`,
      place: null,
    };
  }
  if (waitsForPickup(status, input.deliveryType) && input.place) return pickUpAt(input.place);
  if (payerType === 'LEGAL' && isActDue(status) && !input.actSigned) {
    return {
      kind: 'SEND_SIGNED_ACT',
      title: 'Отправьте подписанный акт',
      description: input.actIssued
        ? 'Подпишите акт выполненных работ и загрузите его скан в карточке заказа.'
        : 'Сформируйте акт выполненных работ, подпишите его и загрузите скан в карточке заказа.',
      place: null,
    };
  }
  return null;
}

export function actionsFor(order: { status: OrderStatus; payerType: PayerType }): CustomerOrderActions {
  return {
    canPay: isPayable(order.status) && order.payerType === 'INDIVIDUAL',
    canCancel: isCancellableByCustomer(order.status),
    canRepeat: true,
    canAddFiles: mayAddFiles(order.status),
    canChange: mayChangeOrder(order.status),
  };
}

/** What the customer view needs beyond the staff Order: read by customer-orders.ts. */
export interface CustomerOrderExtras {
  subtotal: number;
  discountAmount: number;
  paidAt: Date | null;
  refund: CustomerOrder['refund'];
  deliveryName: string | null;
  place: CustomerPlace | null;
  invoices: Invoice[];
  actIssued: boolean;
  actSigned: boolean;
  /** The finished translation, without who of the staff attached it. */
  results: CustomerOrder['results'];
  unreadMessages: number;
}

/** How the customer's every view of an order opens: which order, where it stands, what it costs. */
export function headlineOf(order: Pick<Order, 'id' | 'number' | 'status' | 'amount'>) {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    statusLabel: ORDER_STATUS_LABELS[order.status],
    amount: order.amount,
  };
}

export function toCustomerOrder(order: Order, extras: CustomerOrderExtras): CustomerOrder {
  return {
    ...headlineOf(order),
    subtotal: extras.subtotal,
    discountPercent: order.discountPercent,
    discountAmount: extras.discountAmount,
    promoCode: order.promoCode,
    urgent: order.urgent,
    urgentPercent: order.urgentPercent,
    urgentAmount: order.urgentAmount,
    dueDate: order.dueDate,
    deliveryPrice: order.deliveryPrice,
    otherPrice: order.otherPrice,
    paymentUrl: order.paymentUrl,
    paidAt: extras.paidAt?.toISOString() ?? null,
    refund: extras.refund,
    name: order.name,
    phoneNumber: order.phoneNumber,
    email: order.email,
    placedWithoutSignIn: order.placedWithoutSignIn,
    originalLanguage: order.originalLanguage,
    targetLanguage: order.targetLanguage,
    comment: order.comment,
    documents: order.documents.map((line) => ({
      id: line.id,
      documentId: line.documentId,
      type: line.type,
      quantity: line.quantity,
      targetLanguages: line.targetLanguages,
      price: line.price,
      byEstimate: line.byEstimate,
      assurances: line.assurances.map((assurance) => ({
        assuranceId: assurance.assuranceId,
        type: assurance.type,
        price: assurance.price,
      })),
    })),
    files: order.files.map((file) => ({
      id: file.id,
      name: file.name,
      size: file.size,
      type: file.type,
      url: file.url,
      addedAt: file.addedAt,
      addedByEmail: file.addedByEmail,
    })),
    deliveryType: order.deliveryType,
    deliveryName: extras.deliveryName,
    address: order.address,
    pickupPointName: order.pickupPointName,
    place: extras.place,
    payerType: order.payerType,
    organizationId: order.organizationId,
    organizationInn: order.organizationInn,
    organizationName: order.organizationName,
    organizationKpp: order.organizationKpp,
    organizationAddress: order.organizationAddress,
    invoices: extras.invoices,
    actSigned: extras.actSigned,
    nextStep: nextStepFor({ ...order, ...extras }),
    actions: actionsFor(order),
    results: extras.results,
    unreadMessages: extras.unreadMessages,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

export interface StatusHistoryRow {
  id: number;
  fromStatus: OrderStatus | null;
  status: OrderStatus;
  comment: string | null;
  actorUserId: number | null;
  createdAt: Date;
}

/** A timeline step; the actor is only «you» or «the bureau», never a staff member's address. */
export function toCustomerStatusChange(row: StatusHistoryRow, customerId: number): CustomerStatusChange {
  return {
    id: row.id,
    fromStatus: row.fromStatus,
    status: row.status,
    statusLabel: ORDER_STATUS_LABELS[row.status],
    comment: row.comment,
    // An order placed without signing in has no actor, and was placed by its customer.
    byCustomer: row.actorUserId === customerId || (row.fromStatus === null && row.actorUserId === null),
    createdAt: row.createdAt.toISOString(),
  };
}
