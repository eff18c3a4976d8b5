/**
 * The bureau's work on an order after it is placed: the finished translation attached for the
 * customer (order_results), the one conversation per order between the customer and the office
 * (order_messages with their files), and the notes the office keeps to itself (order_notes),
 * which no customer's or partner's answer ever reads.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, moment } from './columns';
import { messageSideEnum } from './enums';
import { files } from './files';
import { orders } from './orders';
import { users } from './people';

/** A file of the finished translation, with the note staff sent with it. */
export const orderResults = pgTable(
  'order_results',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** What staff wrote for the customer with the files of one upload (the same on each of them). */
    note: text('note'),
    addedByUserId: integer('added_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Copied, as the history's actors are: it reads right after the account is gone. */
    addedByEmail: text('added_by_email'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_results_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('order_results_file_unique').on(t.fileId),
  ],
);

/**
 * One message of an order's conversation. `readAt` is when the other side read it (the office for
 * a customer's message, the customer for the bureau's); `mailedAt` when an unread message of the
 * bureau was mailed to the customer. `idempotencyKey` (scoped to the sender) finds the message a
 * repeated send already wrote.
 */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    side: messageSideEnum('side').notNull(),
    text: text('text').notNull().default(''),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email'),
    idempotencyKey: text('idempotency_key'),
    createdAt: moment('created_at').notNull().defaultNow(),
    readAt: moment('read_at'),
    mailedAt: moment('mailed_at'),
  },
  (t) => [
    index('order_messages_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('order_messages_key_unique').on(t.idempotencyKey),
    // The staff list's badge and the monitor's figures count these: the customer's unread messages.
    index('order_messages_unread_idx')
      .on(t.orderId)
      .where(sql`${t.side} = 'CUSTOMER' and ${t.readAt} is null`),
  ],
);

export const orderMessageFiles = pgTable(
  'order_message_files',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => orderMessages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.fileId] })],
);

/** A note the office keeps about an order: never shown to its customer or a partner. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);
