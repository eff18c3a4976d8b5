/**
 * The record of each erasure of a person's data (152-FZ art. 21: consent withdrawn, by the
 * customer in the cabinet or by an ADMIN on their written request): when, who asked and how the
 * request came (the client address and browser of the withdrawal, the staff member and the note
 * of the written request), what was erased, and whether the stored scans are gone yet. It names
 * no one: the account it points at is a nameless shell by then.
 */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, moment } from './columns';
import { erasureRequesterEnum } from './enums';
import { users } from './people';

export const personalDataErasures = pgTable(
  'personal_data_erasures',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    requestedBy: erasureRequesterEnum('requested_by').notNull(),
    /** The ADMIN who carried out a written request; null when the customer did it themselves. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    /** The written request, e.g. «заявление от 12.11.2026 № 15»; required of staff. */
    note: text('note'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Orders whose personal data became «удалено» (they stay for accounting). */
    orders: integer('orders').notNull().default(0),
    /** Uploaded scans removed, rows and bytes. */
    scans: integer('scans').notNull().default(0),
    /**
     * Storage keys of the removed scans whose bytes are not confirmed gone yet: emptied by the
     * removal after the commit, or by its retried task (server/jobs/personal-data.ts).
     */
    pendingKeys: text('pending_keys').array().notNull().default([]),
    filesRemovedAt: moment('files_removed_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [index('personal_data_erasures_user_idx').on(t.userId)],
);
