/**
 * An order followed without signing in (docs/decisions/0051): the tracking links every message
 * about the order carries (/track/{token}), the one-time start tokens of the Telegram bot, and the
 * Telegram chats that get an order's updates — linked to the order itself, or to the customer's
 * account (then to every order of it).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, moment } from './columns';
import { orders } from './orders';
import { users } from './people';

/**
 * The token is never stored: `nonce` with the server's key gives it back for the next message
 * (services/tracking/tracking-links.ts), and `token_hash` finds the link a visitor brings. An
 * order has at most one live link; staff revoke it and a new one is made.
 */
export const trackingLinks = pgTable(
  'tracking_links',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    /** sha256 of the token, hex. */
    tokenHash: text('token_hash').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
    revokedAt: moment('revoked_at'),
    revokedByUserId: integer('revoked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Copied: the history reads right after the account is gone. */
    revokedByEmail: text('revoked_by_email'),
  },
  (t) => [
    uniqueIndex('tracking_links_token_unique').on(t.tokenHash),
    uniqueIndex('tracking_links_live_unique').on(t.orderId).where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * «Получать статусы в Telegram»: t.me/<bot>?start=<token> links the chat that presses «Start»
 * to an order (from the success or tracking page) or to an account (from the cabinet). Once,
 * within 24 hours; only the token's hash is kept.
 */
export const telegramStartTokens = pgTable(
  'telegram_start_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The tracking link the token was asked through; the chat's subscription ends with it. */
    trackingLinkId: integer('tracking_link_id').references(() => trackingLinks.id, { onDelete: 'cascade' }),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('telegram_start_tokens_one_target', sql`(${t.orderId} is null) <> (${t.userId} is null)`),
    index('telegram_start_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** A chat that gets an order's updates, or every order of an account's. */
export const telegramSubscriptions = pgTable(
  'telegram_subscriptions',
  {
    id: id(),
    /** Telegram's chat id (up to 52 bits), as text. */
    chatId: text('chat_id').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The tracking link it was made through: revoking that link ends it. */
    trackingLinkId: integer('tracking_link_id').references(() => trackingLinks.id, { onDelete: 'cascade' }),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('telegram_subscriptions_one_target', sql`(${t.orderId} is null) <> (${t.userId} is null)`),
    uniqueIndex('telegram_subscriptions_chat_order_unique').on(t.chatId, t.orderId),
    uniqueIndex('telegram_subscriptions_chat_user_unique').on(t.chatId, t.userId),
    index('telegram_subscriptions_order_idx').on(t.orderId),
    index('telegram_subscriptions_user_idx').on(t.userId),
  ],
);
