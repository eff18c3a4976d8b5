/**
 * Stored files (uploads, pickup point photos, generated invoices and acts) and what links them
 * to orders and points. The bytes live under DATA_DIR/files; rows say who may read them.
 */
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { pickupPoints } from './catalogue';
import { id, moment, money } from './columns';
import { fileKindEnum, invoiceKindEnum, invoiceStatusEnum } from './enums';
import { orderDocuments, orders } from './orders';
import { users } from './people';

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The bytes' key in the file storage (server/storage): relative to DATA_DIR/files, or to
     * S3_PREFIX in the bucket. The only column that names stored bytes: everything else points
     * at a row (order_files, pickup_point_photos, invoices, the orders' document addresses).
     */
    storagePath: text('storage_path').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Detected from the content, not from the name or the browser's claim. */
    mime: text('mime').notNull(),
    kind: fileKindEnum('kind').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Anyone may download it (pickup point photos). */
    isPublic: boolean('is_public').notNull().default(false),
    sha256: text('sha256'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('files_order_idx').on(t.orderId),
    index('files_owner_idx').on(t.ownerUserId),
    // The orphan sweep asks which of 500 listed keys have a row (server/services/documents/orphan-sweep.ts).
    index('files_storage_path_idx').on(t.storagePath),
  ],
);

export const orderFiles = pgTable(
  'order_files',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** The line the file belongs to, when the form said so. */
    orderDocumentId: integer('order_document_id').references(() => orderDocuments.id, {
      onDelete: 'set null',
    }),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * A file the customer added to the placed order from the cabinet: when, and the email of who
     * added it (kept as it was, like the history's actors). Null for the files sent with the order.
     */
    addedAt: moment('added_at'),
    addedByEmail: text('added_by_email'),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.fileId] })],
);

export const pickupPointPhotos = pgTable(
  'pickup_point_photos',
  {
    id: id(),
    pickupPointId: integer('pickup_point_id')
      .notNull()
      .references(() => pickupPoints.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [index('pickup_point_photos_point_idx').on(t.pickupPointId)],
);

/** Invoices and acts of legal-entity orders. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: invoiceKindEnum('kind').notNull(),
    /** e.g. СЧ-2611-00042 or АКТ-2611-00042. */
    number: text('number').notNull(),
    amount: money('amount').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    status: invoiceStatusEnum('status').notNull().default('ISSUED'),
    createdAt: moment('created_at').notNull().defaultNow(),
    paidAt: moment('paid_at'),
    signedAt: moment('signed_at'),
  },
  (t) => [uniqueIndex('invoices_number_unique').on(t.number), index('invoices_order_idx').on(t.orderId)],
);
