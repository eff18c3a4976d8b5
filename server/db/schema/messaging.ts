/** In-app notifications and the devices that receive them as web push. */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, moment } from './columns';
import { orders } from './orders';
import { users } from './people';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ORDER_STATUS, PAYMENT, INVOICE, BROADCAST or SYSTEM. */
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The app path a tap opens, e.g. /cabinet/orders/42. */
    url: text('url'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    readAt: moment('read_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    expirationTime: moment('expiration_time'),
    userAgent: text('user_agent'),
    createdAt: moment('created_at').notNull().defaultNow(),
    lastSuccessAt: moment('last_success_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
