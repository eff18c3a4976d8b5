/**
 * Orders and everything that happens to them: the document lines with their assurances (prices
 * copied at order time, so later catalogue edits never change a placed order), the status
 * history, processing events for monitoring, and the idempotency records of order creation.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  assurances,
  deliveries,
  documentTypes,
  offices,
  partners,
  pickupPoints,
  promoCodes,
} from './catalogue';
import { id, moment, money, percent, timestamps } from './columns';
import { deliveryCodeEnum, orderChangeFieldEnum, orderStatusEnum, payerTypeEnum, roleEnum } from './enums';
import { organizations, users } from './people';

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** Shown to people, e.g. 2611-00042 (year, month, id). */
    number: text('number').notNull(),
    status: orderStatusEnum('status').notNull().default('NEW'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    email: text('email').notNull(),
    originalLanguage: text('original_language').notNull(),
    targetLanguage: text('target_language').notNull(),
    comment: text('comment'),
    /**
     * Placed through the public form without signing in: anyone may have typed this email, so the
     * cabinet and the back office say so (docs/decisions/0027-abuse-limits.md).
     */
    placedWithoutSignIn: boolean('placed_without_sign_in').notNull().default(false),
    deliveryType: deliveryCodeEnum('delivery_type').notNull(),
    deliveryId: integer('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    deliveryPrice: money('delivery_price').notNull().default(0),
    /** Courier-service details chosen in step 4 (tariff, point code): the contract's bounded DeliveryData. */
    deliveryData: jsonb('delivery_data').$type<Record<string, unknown>>(),
    address: text('address'),
    officeId: integer('office_id').references(() => offices.id, { onDelete: 'set null' }),
    pickupPointId: integer('pickup_point_id').references(() => pickupPoints.id, { onDelete: 'set null' }),
    /** Copied at order time: the point may be renamed or removed later. */
    pickupPointName: text('pickup_point_name'),
    pickupPointCode: text('pickup_point_code'),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    /**
     * The partner's commission rate (percent of the amount) when the order was placed: a later
     * change of the rate must not rewrite what past orders cost (the statistics read this).
     */
    partnerCommission: percent('partner_commission').notNull().default(0),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    promoCode: text('promo_code'),
    discountPercent: percent('discount_percent').notNull().default(0),
    /** Rubles off of a fixed-sum code as it was when the order was placed (0: a percentage or none). */
    promoAmount: money('promo_amount').notNull().default(0),
    /** Σ lines before discount, the discount in rubles, and what the customer pays. */
    subtotal: money('subtotal').notNull().default(0),
    discountAmount: money('discount_amount').notNull().default(0),
    amount: money('amount').notNull().default(0),
    /** The bureau's cost of the lines at order time (translators, notary by weekday). */
    cost: money('cost').notNull().default(0),
    /**
     * Urgent: the translation's days halved and its price raised by urgent_percent (the form
     * settings' percent when the order was placed); urgent_amount is that surcharge in rubles.
     */
    urgent: boolean('urgent').notNull().default(false),
    urgentPercent: percent('urgent_percent').notNull().default(0),
    urgentAmount: money('urgent_amount').notNull().default(0),
    /** The Moscow day the order is promised for (src/domain/due-date.ts); null before promised dates existed. */
    dueDate: date('due_date', { mode: 'string' }),
    /** The office staff member the order is assigned to. */
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** The "other document", priced by a manager after the order is placed. */
    otherPrice: money('other_price').notNull().default(0),
    otherCost: money('other_cost').notNull().default(0),
    payerType: payerTypeEnum('payer_type').notNull().default('INDIVIDUAL'),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    organizationInn: text('organization_inn'),
    organizationName: text('organization_name'),
    organizationKpp: text('organization_kpp'),
    organizationAddress: text('organization_address'),
    paymentUrl: text('payment_url'),
    /** The payment provider's id of the payment, for its callbacks. */
    paymentId: text('payment_id'),
    paidAt: moment('paid_at'),
    invoicePdfPath: text('invoice_pdf_path'),
    actPdfPath: text('act_pdf_path'),
    actSignedPath: text('act_signed_path'),
    /** When the retention job removed the order's uploaded scans (SCAN_RETENTION_DAYS after it closed). */
    scansDeletedAt: moment('scans_deleted_at'),
    /**
     * What the back office's search box matches (number, name, email, phone digits), lowercased,
     * kept by the database itself and indexed by trigrams so a search never scans the table.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(number || ' ' || name || ' ' || email || ' ' || regexp_replace(phone_number, '[^0-9]', '', 'g'))`,
    ),
    ...timestamps,
  },
  // Ascending indexes on purpose: scanned backwards they serve `ORDER BY created_at DESC`
  // exactly (DESC NULLS FIRST), which a DESC NULLS LAST index would not.
  (t) => [
    uniqueIndex('orders_number_unique').on(t.number),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_partner_created_idx').on(t.partnerId, t.createdAt),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_email_idx').on(sql`lower(${t.email})`),
    // The staff list's other filters and sorts (docs/decisions/0012).
    index('orders_delivery_created_idx').on(t.deliveryType, t.createdAt),
    index('orders_payer_created_idx').on(t.payerType, t.createdAt),
    index('orders_amount_idx').on(t.amount, t.id),
    index('orders_name_idx').on(t.name, t.id),
    index('orders_updated_idx').on(t.updatedAt, t.id),
    index('orders_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The promised date sorts with orders without one last, both ways (decision 0050).
    index('orders_due_idx').on(t.dueDate.asc().nullsLast(), t.id),
    index('orders_due_desc_idx').on(t.dueDate.desc().nullsLast(), t.id.desc()),
    // Open orders by promised day: the overdue count and the list's «срок» filters.
    index('orders_open_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} in ('NEW', 'AWAITING_PAYMENT', 'PAID', 'IN_TRANSLATION', 'NOTARIZATION')`),
    index('orders_assignee_created_idx').on(t.assigneeId, t.createdAt),
  ],
);

/** One line of an order: a document type, how many copies, its price and cost at order time. */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documentTypes.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /**
     * The languages this document is translated into, one or more (codes of src/domain/languages.ts).
     * The price and cost are per copy per language: the line charges them once per language.
     * Lines written before lines had languages were given the order's target language.
     */
    targetLanguages: text('target_languages').array().notNull().default(sql`'{}'::text[]`),
    price: money('price').notNull(),
    cost: money('cost').notNull().default(0),
    /** Priced «по оценке» (0 ₽ in the catalogue when ordered): staff quote it on the card. */
    byEstimate: boolean('by_estimate').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('order_documents_order_idx').on(t.orderId)],
);

export const orderDocumentAssurances = pgTable(
  'order_document_assurances',
  {
    id: id(),
    orderDocumentId: integer('order_document_id')
      .notNull()
      .references(() => orderDocuments.id, { onDelete: 'cascade' }),
    assuranceId: integer('assurance_id')
      .notNull()
      .references(() => assurances.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    price: money('price').notNull(),
    cost: money('cost').notNull().default(0),
  },
  (t) => [index('order_document_assurances_line_idx').on(t.orderDocumentId)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: orderStatusEnum('from_status'),
    status: orderStatusEnum('status').notNull(),
    comment: text('comment'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Copied so the history still reads right after the actor's account is gone. */
    actorEmail: text('actor_email'),
    actorRole: roleEnum('actor_role'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Every change of an order's field made by a person (amount, other document's price and cost,
 * payment link, signed act): who, when, the old and the new value, as text the order card shows.
 * Status moves have their own history above.
 */
export const orderChanges = pgTable(
  'order_changes',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    field: orderChangeFieldEnum('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    comment: text('comment'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    actorRole: roleEnum('actor_role'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_changes_order_idx').on(t.orderId, t.createdAt)],
);

/** What the automation did with an order (emails, deliveries, payments), for the monitoring pages. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    success: boolean('success').notNull(),
    error: text('error'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.createdAt),
    index('order_events_created_idx').on(t.createdAt),
  ],
);

/**
 * Idempotency-Key of POST /api/order: the same key with the same body replays the order, with
 * another body it is a conflict. Written in the order's own transaction.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  /** sha256 of the canonical request body. */
  requestHash: text('request_hash').notNull(),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
  createdAt: moment('created_at').notNull().defaultNow(),
});
