/**
 * The documents a customer is shown and agrees to (personal-data consent, privacy policy, public
 * offer), each an append-only list of versions, and the consents people gave: who, to which
 * version, when, from which address and browser. A consent keeps pointing at the version it
 * accepted, whatever is published later; withdrawal is a date, not a deletion, because the
 * operator must be able to show that processing before it was lawful.
 */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, moment } from './columns';
import { consentPurposeEnum, legalDocumentKindEnum } from './enums';
import { orders } from './orders';
import { users } from './people';

export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: id(),
    kind: legalDocumentKindEnum('kind').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    /** The text as written, with the operator's details as {{placeholders}} filled when shown. */
    body: text('body').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('legal_documents_kind_version_unique').on(t.kind, t.version)],
);

export const consents = pgTable(
  'consents',
  {
    id: id(),
    purpose: consentPurposeEnum('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * An account consent ticked on the sign-in form, before the address is proved: claimed by the
     * account (userId set) when its code or link is used; unclaimed ones are deleted after a day.
     */
    email: text('email'),
    documentId: integer('document_id')
      .notNull()
      .references(() => legalDocuments.id, { onDelete: 'restrict' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: moment('created_at').notNull().defaultNow(),
    withdrawnAt: moment('withdrawn_at'),
  },
  (t) => [index('consents_user_idx').on(t.userId, t.createdAt), index('consents_order_idx').on(t.orderId)],
);
