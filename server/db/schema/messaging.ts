/** In-app notifications and the devices that receive them as web push. */
import { type AnyPgColumn, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, moment } from './columns';
import { roleEnum } from './enums';
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
    /** The staff message this notification is a copy of; its push counts go there. */
    pushMessageId: integer('push_message_id').references((): AnyPgColumn => pushMessages.id, {
      onDelete: 'set null',
    }),
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

/**
 * A message staff sent (POST /api/notifications/send) and what became of it: one notification per
 * recipient, and the counts of its pushes kept up by the send-push task as devices answer.
 */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: id(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url'),
    /** ALL, ROLE or USER. */
    audience: text('audience').notNull(),
    role: roleEnum('role'),
    recipientUserId: integer('recipient_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Copied: the history reads right after the account is gone. */
    recipientEmail: text('recipient_email'),
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    sentByEmail: text('sent_by_email'),
    recipients: integer('recipients').notNull().default(0),
    devices: integer('devices').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [index('push_messages_created_idx').on(t.createdAt)],
);
