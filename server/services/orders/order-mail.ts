/**
 * The mails of an order's life. A status change queues its mail in the change's own transaction
 * (a rolled-back change mails nobody); the mail carries only the template and the order's id, and
 * its parameters are read from the order when it is sent (the current pickup point's hours, the
 * parcel's tracking number once the courier service gave one).
 */
import { and, asc, desc, eq, inArray, max } from 'drizzle-orm';
import { amountBreakdown } from '../../../src/domain/amount-breakdown';
import { formatDay } from '../../../src/domain/day-text';
import { formatRubles } from '../../../src/domain/format';
import { moscowDate } from '../../../src/domain/moscow-time';
import type { OrderStatus } from '../../../src/domain/order-status';
import type { Database } from '../../db/client';
import {
  courierDeliveries,
  files,
  invoices,
  offices,
  orderMessageFiles,
  orderMessages,
  orderResults,
  orderStatusHistory,
  orders,
  pickupPoints,
} from '../../db/schema';
import { SEND_EMAIL_OPTIONS } from '../../mail/mail-service';
import type { CollectionPlace, OrderMailParams, OrderTemplateName } from '../../mail/order-templates';
import { sendInTransaction } from '../../queue/transaction';
import { trackingUrl } from '../courier/tracking';
import { refundMailFacts } from '../payments/refund-facts';
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

/** `template`: the mail's, for what only some mails say (a reminder's days, a move's comment); null for Telegram. */
export async function orderMailParams(
  db: Database,
  publicUrl: string,
  template: OrderTemplateName | null,
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
  const commented = template ? COMMENTED_MOVES[template] : undefined;
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
    refund: template?.startsWith('refund-') ? await refundMailFacts(db, orderId) : null,
    results: template === 'order-results' ? await latestResults(db, orderId) : null,
    messages: template === 'order-messages' ? await lastMailedMessages(db, orderId) : [],
    dueDate: order.dueDate
      ? formatDay(order.dueDate, { weekday: true, thisYear: Number(moscowDate(now).slice(0, 4)) })
      : null,
    breakdown: template === 'order-quoted' ? await breakdownOf(db, order) : [],
  };
}

/** A message's moment in a mail, on the bureau's clock whatever the server's time zone. */
const moscowTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

/** The files of the order's latest upload of results (one upload shares its moment's note). */
async function latestResults(db: Database, orderId: number) {
  const rows = await db
    .select({ name: files.name, note: orderResults.note, at: orderResults.createdAt })
    .from(orderResults)
    .innerJoin(files, eq(files.id, orderResults.fileId))
    .where(eq(orderResults.orderId, orderId))
    .orderBy(desc(orderResults.createdAt), asc(orderResults.id));
  const latest = rows[0];
  if (!latest) return { files: [], note: null };
  const upload = rows.filter((row) => row.at.getTime() === latest.at.getTime()).reverse();
  return { files: upload.map((row) => row.name), note: latest.note };
}

/**
 * The bureau's messages the last message mail claimed (services/conversation/message-mail.ts marks
 * them with one moment), oldest first, with the names of their files.
 */
async function lastMailedMessages(db: Database, orderId: number) {
  const [last] = await db
    .select({ at: max(orderMessages.mailedAt) })
    .from(orderMessages)
    .where(and(eq(orderMessages.orderId, orderId), eq(orderMessages.side, 'BUREAU')));
  if (!last?.at) return [];
  const messages = await db
    .select({ id: orderMessages.id, text: orderMessages.text, at: orderMessages.createdAt })
    .from(orderMessages)
    .where(and(eq(orderMessages.orderId, orderId), eq(orderMessages.mailedAt, last.at)))
    .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
  const attached = messages.length
    ? await db
        .select({ messageId: orderMessageFiles.messageId, name: files.name })
        .from(orderMessageFiles)
        .innerJoin(files, eq(files.id, orderMessageFiles.fileId))
        .where(
          inArray(
            orderMessageFiles.messageId,
            messages.map((message) => message.id),
          ),
        )
        .orderBy(asc(orderMessageFiles.sortOrder))
    : [];
  return messages.map((message) => ({
    text: message.text,
    at: `${moscowTime.format(message.at)} (мск)`,
    files: attached.filter((file) => file.messageId === message.id).map((file) => file.name),
  }));
}
