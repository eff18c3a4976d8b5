/**
 * Parcels registered with the courier service (CDEK) for orders delivered by it: one per order,
 * with the service's own id, the tracking number customers see and the last status it reported.
 */
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, moment, timestamps } from './columns';
import { orders } from './orders';

export const courierDeliveries = pgTable(
  'courier_deliveries',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Which courier service: cdek. */
    service: text('service').notNull(),
    /** The service's id of the parcel (CDEK's order uuid). */
    externalId: text('external_id').notNull(),
    /** The number customers track the parcel by (CDEK's cdek_number); given once it is accepted. */
    trackingNumber: text('tracking_number'),
    tariffCode: integer('tariff_code').notNull(),
    /** The service's last status code and its name, e.g. ACCEPTED_AT_PICK_UP_POINT. */
    statusCode: text('status_code'),
    statusName: text('status_name'),
    statusAt: moment('status_at'),
    /** Why the service refused the parcel (its validation errors), if it did. */
    error: text('error'),
    checkedAt: moment('checked_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('courier_deliveries_order_unique').on(t.orderId)],
);
