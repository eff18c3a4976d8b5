/**
 * How a parcel's progress at the courier service moves its order: taken in by the service →
 * «Передан в доставку», arrived at the pickup point → «Ожидает в пункте выдачи», handed to the
 * customer → «Выполнен». Only forward: a status the order has passed, or a move the status
 * machine does not allow, moves nothing. CDEK's status codes (API v2, «Статусы заказа»).
 */
import { allowedTransitions, type OrderStatus } from '../../../src/domain/order-status';

/** The parcel is with CDEK and on its way (codes from acceptance at the sender's office to the courier). */
const ON_THE_WAY = new Set([
  'RECEIVED_AT_SHIPMENT_WAREHOUSE',
  'READY_TO_SHIP_AT_SENDING_OFFICE',
  'READY_FOR_SHIPMENT_IN_TRANSIT_CITY',
  'READY_FOR_SHIPMENT_IN_SENDER_CITY',
  'RETURNED_TO_SENDER_CITY_WAREHOUSE',
  'TAKEN_BY_TRANSPORTER_FROM_SENDER_CITY',
  'SENT_TO_TRANSIT_CITY',
  'ACCEPTED_IN_TRANSIT_CITY',
  'ACCEPTED_AT_TRANSIT_WAREHOUSE',
  'RETURNED_TO_TRANSIT_WAREHOUSE',
  'READY_TO_SHIP_IN_TRANSIT_OFFICE',
  'TAKEN_BY_TRANSPORTER_FROM_TRANSIT_CITY',
  'SENT_TO_SENDER_CITY',
  'SENT_TO_RECIPIENT_CITY',
  'ACCEPTED_IN_SENDER_CITY',
  'ACCEPTED_IN_RECIPIENT_CITY',
  'ACCEPTED_AT_RECIPIENT_CITY_WAREHOUSE',
  'TAKEN_BY_COURIER',
  'RETURNED_TO_RECIPIENT_CITY_WAREHOUSE',
]);
const AT_POINT = new Set(['ACCEPTED_AT_PICK_UP_POINT', 'POSTOMAT_POSTED']);
const HANDED_OVER = new Set(['DELIVERED', 'POSTOMAT_RECEIVED']);

export function orderMoveFor(current: OrderStatus, parcelStatus: string): OrderStatus | null {
  let target: OrderStatus | null = null;
  if (HANDED_OVER.has(parcelStatus)) target = 'COMPLETED';
  else if (AT_POINT.has(parcelStatus)) target = 'AT_PICKUP_POINT';
  else if (ON_THE_WAY.has(parcelStatus)) target = 'IN_DELIVERY';
  if (!target || target === current) return null;
  return allowedTransitions(current, 'ADMIN').includes(target) ? target : null;
}
