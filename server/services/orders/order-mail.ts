/**
 * The mails of an order's life. A status change queues its mail in the change's own transaction
 * (a rolled-back change mails nobody); the mail carries only the template and the order's id, and
 * its parameters are read from the order when it is sent (the current pickup point's hours, the
 * parcel's tracking number once the courier service gave one).
 */
import { and, desc, eq } from 'drizzle-orm';
import { amountBreakdown } from '../../../src/domain/amount-breakdown';
import { formatDay } from '../../../src/domain/day-text';
import { formatRubles } from '../../../src/domain/format';
import { moscowDate } from '../../../src/domain/moscow-time';
import type { OrderStatus } from '../../../src/domain/order-status';
import type { Database } from '../../db/client';
import {
  courierDeliveries,
  invoices,
  offices,
  orderStatusHistory,
  orders,
  pickupPoints,
} from '../../db/schema';
import { SEND_EMAIL_OPTIONS } from '../../mail/mail-service';
import type { CollectionPlace, OrderMailParams, OrderTemplateName } from '../../mail/order-templates';
import { sendInTransaction } from '../../queue/transaction';
import { trackingUrl } from '../courier/tracking';
import { assurancesOfLine, readOrderLines } from './order-lines';

/** The statuses a customer hears about by mail; the bureau's inner steps send none. */
export const STATUS_MAILS: Partial<Record<OrderStatus, OrderTemplateName>> = {
  AWAITING_PAYMENT: 'order-payment-due',
  PAID: 'order-paid',
  READY: 'order-ready',
  IN_DELIVERY: 'order-in-delivery',
  AT_PICKUP_POINT: 'order-at-pickup-point',
  COMPLETED: 'order-completed',
  CANCELLED: 'order-cancelled',
};

/** Queues an order's mail to its customer in the executor's transaction; false without pg-boss. */
export function queueOrderMail(
  executor: Database,
  order: { id: number; email: string },
  template: OrderTemplateName,
): Promise<boolean> {
  return sendInTransaction(
    executor,
    'notification-tasks',
    { name: 'send-email', template, to: order.email, orderId: order.id },
    SEND_EMAIL_OPTIONS,
  );
}

/** `quoted`: the move confirms a price staff calculated (documents by estimate): its own mail. */
export async function queueStatusMail(
  executor: Database,
  order: { id: number; email: string },
  status: OrderStatus,
  quoted = false,
): Promise<void> {
  const template = quoted && status === 'AWAITING_PAYMENT' ? 'order-quoted' : STATUS_MAILS[status];
  if (template) await queueOrderMail(executor, order, template);
}

function trackingOf(parcel: { trackingNumber: string | null; service: string } | undefined) {
  const url = parcel?.trackingNumber ? trackingUrl(parcel.service, parcel.trackingNumber) : null;
  return parcel?.trackingNumber && url ? { number: parcel.trackingNumber, url } : null;
}

/** Mails that carry what staff wrote with the move: a cancellation's reason, a note on the price. */
const COMMENTED_MOVES: Partial<Record<OrderTemplateName, OrderStatus>> = {
  'order-cancelled': 'CANCELLED',
  'order-payment-due': 'AWAITING_PAYMENT',
  'order-quoted': 'AWAITING_PAYMENT',
};

/** The rows the customer reads in the cabinet, for the quote's mail. */
async function breakdownOf(db: Database, order: typeof orders.$inferSelect) {
  const { lines, assurances } = await readOrderLines(db, [order.id]);
  const { rows } = amountBreakdown({
    ...order,
    documents: lines.map((line) => ({ ...line, assurances: assurancesOfLine(assurances, line.id) })),
  });
  return rows.map((row) => ({ label: row.label, amount: formatRubles(row.amount) }));
}

const DAY_MS = 24 * 60 * 60 * 1000;
const daysSince = (moment: Date | null | undefined, now: Date) =>
  moment ? Math.max(1, Math.floor((now.getTime() - moment.getTime()) / DAY_MS)) : null;

async function collectionPlace(
  db: Database,
  order: { deliveryType: string; officeId: number | null; pickupPointId: number | null },
): Promise<CollectionPlace | null> {
  if (order.deliveryType === 'OFFICE' && order.officeId !== null) {
    const [office] = await db.select().from(offices).where(eq(offices.id, order.officeId));
    return office ? { kind: 'office', ...pick(office), howToFind: null } : null;
  }
  if (order.deliveryType === 'PICKUP_POINT' && order.pickupPointId !== null) {
    const [point] = await db.select().from(pickupPoints).where(eq(pickupPoints.id, order.pickupPointId));
    return point ? { kind: 'pickup-point', ...pick(point), howToFind: point.description } : null;
  }
  return null;
}

const pick = (place: { name: string; address: string; schedule: string; phone: string | null }) => ({
  name: place.name,
  address: place.address,
  schedule: place.schedule,
  phone: place.phone,
});

/** When the order last entered a status, and what staff wrote then. */
async function lastMove(db: Database, orderId: number, status: OrderStatus) {
  const [move] = await db
    .select({ at: orderStatusHistory.createdAt, comment: orderStatusHistory.comment })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.status, status)))
    .orderBy(desc(orderStatusHistory.createdAt))
    .limit(1);
  return move;
}

export async function orderMailParams(
  db: Database,
  publicUrl: string,
  template: OrderTemplateName,
  orderId: number,
  now = new Date(),
): Promise<OrderMailParams | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [parcel] = await db
    .select({ trackingNumber: courierDeliveries.trackingNumber, service: courierDeliveries.service })
    .from(courierDeliveries)
    .where(eq(courierDeliveries.orderId, orderId));
  let waitingDays: number | null = null;
  if (template === 'payment-reminder')
    waitingDays = daysSince((await lastMove(db, orderId, 'AWAITING_PAYMENT'))?.at, now);
  if (template === 'act-reminder') {
    const [act] = await db
      .select({ createdAt: invoices.createdAt })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'ACT')));
    waitingDays = daysSince(act?.createdAt, now);
  }
  const commented = COMMENTED_MOVES[template];
  const comment = commented ? ((await lastMove(db, orderId, commented))?.comment ?? null) : null;
  return {
    number: order.number,
    link: `${publicUrl}/cabinet/orders/${order.id}`,
    amount: formatRubles(order.amount),
    company: order.payerType === 'LEGAL' ? order.organizationName : null,
    delivery: order.deliveryType,
    place: await collectionPlace(db, order),
    address: order.address,
    tracking: trackingOf(parcel),
    comment,
    paid: order.paidAt !== null,
    waitingDays,
    dueDate: order.dueDate
      ? formatDay(order.dueDate, { weekday: true, thisYear: Number(moscowDate(now).slice(0, 4)) })
      : null,
    breakdown: template === 'order-quoted' ? await breakdownOf(db, order) : [],
  };
}
