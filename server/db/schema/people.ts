/**
 * Who uses the product and how they prove it: users (customers and staff), their sessions,
 * the one-time email codes and sign-in links, rate-limit buckets, customers' organizations and
 * requests for back-office access.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { partners } from './catalogue';
import { id, moment, timestamps } from './columns';
import { accessRequestStatusEnum, roleEnum, userChangeFieldEnum } from './enums';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Null for a Telegram-only customer. Unique regardless of case. */
    email: text('email'),
    /** Staff sign-in name set by an admin; unique regardless of case. */
    login: text('login'),
    passwordHash: text('password_hash'),
    role: roleEnum('role').notNull().default('USER'),
    /** The partner a PARTNER works for: limits them to that partner's points and orders. */
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    telegramId: text('telegram_id'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    username: text('username'),
    photoUrl: text('photo_url'),
    phoneNumber: text('phone_number'),
    isBlocked: boolean('is_blocked').notNull().default(false),
    blockReason: text('block_reason'),
    lastLoginAt: moment('last_login_at'),
    /**
     * When the person's data was erased (withdrawn consent, by them or on their written request):
     * the row stays as a nameless shell their orders still point at; no way to sign in is left.
     */
    erasedAt: moment('erased_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_login_unique').on(sql`lower(${t.login})`),
    uniqueIndex('users_telegram_unique').on(t.telegramId),
    index('users_role_idx').on(t.role),
  ],
);

/** One signed-in device. Access tokens name their session, so revoking it ends them at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: moment('created_at').notNull().defaultNow(),
    lastSeenAt: moment('last_seen_at').notNull().defaultNow(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Six-digit sign-in codes; only a hash is stored, and attempts are counted. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: id(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
    ip: text('ip'),
  },
  (t) => [index('email_codes_email_idx').on(t.email, t.createdAt)],
);

/** One-time sign-in links (cabinet login by hash); the link carries the secret, we keep its digest. */
export const magicLinks = pgTable(
  'magic_links',
  {
    id: id(),
    tokenDigest: text('token_digest').notNull(),
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('magic_links_digest_unique').on(t.tokenDigest)],
);

/**
 * An ADMIN's invitation of a staff member: the email, name, role (and partner) the invitee gets
 * when they open the one-time link from the mail and set a password. Only the SHA-256 of the
 * link's token is kept; a link lives 72 hours and works once. A newer invitation to the same
 * email replaces the older one (revokedAt).
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: roleEnum('role').notNull(),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    tokenDigest: text('token_digest').notNull(),
    expiresAt: moment('expires_at').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedByEmail: text('invited_by_email'),
    acceptedAt: moment('accepted_at'),
    revokedAt: moment('revoked_at'),
    /** The account the invitation made or promoted when it was accepted. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_invitations_digest_unique').on(t.tokenDigest),
    index('staff_invitations_email_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * Fixed-window counters for sign-in, code requests, promo checks and public uploads, keyed by
 * what is limited (e.g. 'login:ip:203.0.113.5'). In the database so limits survive restarts.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  windowStartedAt: moment('window_started_at').notNull().defaultNow(),
  blockedUntil: moment('blocked_until'),
});

/** A customer's company, for invoices and acts. */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inn: text('inn').notNull(),
    kpp: text('kpp'),
    name: text('name').notNull(),
    address: text('address'),
    signerName: text('signer_name'),
    signerPosition: text('signer_position'),
    ...timestamps,
  },
  (t) => [uniqueIndex('organizations_user_inn_unique').on(t.userId, t.inn)],
);

export const accessRequests = pgTable(
  'access_requests',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    reason: text('reason').notNull(),
    status: accessRequestStatusEnum('status').notNull().default('PENDING'),
    createdAt: moment('created_at').notNull().defaultNow(),
    decidedAt: moment('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    rejectReason: text('reject_reason'),
  },
  (t) => [
    index('access_requests_status_idx').on(t.status, t.createdAt),
    uniqueIndex('access_requests_pending_email_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

/**
 * Every change of who a user is (role, partner, block, login, password, email, phone, name): who
 * made it, when, the old and the new value as the history shows them. Goes with the user.
 */
export const userChanges = pgTable(
  'user_changes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    field: userChangeFieldEnum('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    comment: text('comment'),
    actorUserId: integer('actor_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Copied so the history still reads right after the actor's account is gone. */
    actorEmail: text('actor_email'),
    actorRole: roleEnum('actor_role'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [index('user_changes_user_idx').on(t.userId, t.createdAt)],
);
