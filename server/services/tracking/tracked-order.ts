/**
 * The tracking page's answer (the contract's TrackedOrder), built field by field so nothing of
 * the order reaches whoever holds its number or link by accident: the status and its dates, what
 * is translated, the place and what to bring, whether to pay (the total, and where), never the
 * email, the name, the full phone, prices of lines, files, staff or their comments.
 */
import { asc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { isInWork, isPayable, ORDER_STATUS_LABELS, waitsForPickup } from '../../../src/domain/order-status';
import { maskPhone } from '../../../src/domain/tracking';
import type { AppContext } from '../../app-context';
import {
  courierDeliveries,
  orderDocuments,
  orderResults,
  orderStatusHistory,
  type orders,
} from '../../db/schema';
import { whatToBringText } from '../../mail/order-templates';
import { trackingUrl as parcelTrackingUrl } from '../courier/tracking';
import { orderUrl } from '../notifications/notifications';
import { placeOf } from '../orders/order-places';
import { statusInCustomerWords } from './customer-words';
import { linkExpiresAt, trackingPath } from './tracking-links';

export type TrackedOrder = components['schemas']['TrackedOrder'];
type CustomerPlace = components['schemas']['CustomerPlace'];

/** The place on Yandex Maps, the map Russian customers open. */
export const mapUrlOf = (place: Pick<CustomerPlace, 'lat' | 'lon'>) =>
  `https://yandex.ru/maps/?pt=${place.lon},${place.lat}&z=17&l=map`;

/**
 * The Moscow day the bureau promised the translation for (decision 0050), while the order is in
 * work — as the cabinet shows it; once ready, handed over or cancelled, the date says nothing.
 */
const dueDateOf = (order: typeof orders.$inferSelect): string | null =>
  isInWork(order.status) ? order.dueDate : null;

/**
 * Whether the finished translation can be downloaded (after signing in): the office attached at
 * least one file of it (decision 0049) and retention has not removed it yet.
 */
async function resultsReadyOf(ctx: AppContext, orderId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: orderResults.id })
    .from(orderResults)
    .where(eq(orderResults.orderId, orderId))
    .limit(1);
  return row !== undefined;
}

export async function toTrackedOrder(
  ctx: AppContext,
  order: typeof orders.$inferSelect,
  closedAt: Date | null,
  token: string,
): Promise<TrackedOrder> {
  const [history, lines, place, [parcel], resultsReady] = await Promise.all([
    ctx.db
      .select({ status: orderStatusHistory.status, at: orderStatusHistory.createdAt })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    ctx.db
      .select({ type: orderDocuments.type, quantity: orderDocuments.quantity })
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, order.id))
      .orderBy(asc(orderDocuments.sortOrder), asc(orderDocuments.id)),
    placeOf(ctx.db, order),
    ctx.db
      .select({ number: courierDeliveries.trackingNumber, service: courierDeliveries.service })
      .from(courierDeliveries)
      .where(eq(courierDeliveries.orderId, order.id)),
    resultsReadyOf(ctx, order.id),
  ]);
  const waiting = waitsForPickup(order.status, order.deliveryType) && place !== null;
  const parcelUrl = parcel?.number ? parcelTrackingUrl(parcel.service, parcel.number) : null;
  const company = order.payerType === 'LEGAL' ? order.organizationName : null;
  const due = isPayable(order.status);
  const expires = linkExpiresAt(closedAt);
  return {
    number: order.number,
    status: order.status,
    statusLabel: ORDER_STATUS_LABELS[order.status],
    summary: statusInCustomerWords(order.status, {
      deliveryType: order.deliveryType,
      placeName: place?.name ?? order.pickupPointName,
    }),
    createdAt: order.createdAt.toISOString(),
    timeline: history.map((step) => ({
      status: step.status,
      statusLabel: ORDER_STATUS_LABELS[step.status],
      at: step.at.toISOString(),
    })),
    documents: lines.map((line) => ({ type: line.type, quantity: line.quantity })),
    phoneMasked: maskPhone(order.phoneNumber),
    dueDate: dueDateOf(order),
    deliveryType: order.deliveryType,
    place,
    mapUrl: place ? mapUrlOf(place) : null,
    parcel: parcel?.number && parcelUrl ? { number: parcel.number, url: parcelUrl } : null,
    waitingForYou: waiting,
    whatToBring: waiting ? capitalised(whatToBringText({ number: order.number, company })) : null,
    payment: {
      due,
      paid: order.paidAt !== null,
      amount: order.amount,
      payerType: order.payerType,
      payUrl: due ? orderUrl(order.id) : null,
    },
    resultsReady,
    trackingUrl: trackingPath(token),
    linkExpiresAt: expires?.toISOString() ?? null,
    telegram: { available: ctx.telegram !== undefined },
  };
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
