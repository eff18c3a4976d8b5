/**
 * The unit economics' daily sums (server/services/statistics): for each Moscow day, the day's
 * orders summed once per split — the whole day, each delivery type, payer type, partner, pickup
 * point, document type and assignee, and the cancelled orders apart. A year's statistics then add up a few
 * thousand of these rows instead of a hundred thousand orders with their lines.
 *
 * A day is summed again from its orders whenever it is read while marked in stats_dirty_days.
 * Triggers on orders (a hand-written migration) mark the Moscow day of every order inserted,
 * updated or deleted, whoever writes it, so no write path can leave a day's sums stale.
 */
import { bigint, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * A day's sum of many orders, in kopecks: summing integers over a year of daily rows is about
 * twice as fast as summing numeric on the embedded database, and just as exact.
 */
const kopecks = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const statsDays = pgTable(
  'stats_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** total, delivery, payer, partner, point, assignee, document or cancelled. */
    kind: text('kind').notNull(),
    /** The split's value (delivery type, payer type, partner, point, assignee or document id); '' for none. */
    key: text('key').notNull().default(''),
    /** The pickup point's or the document's name as the orders stored it. */
    name: text('name'),
    orders: integer('orders').notNull().default(0),
    copies: integer('copies').notNull().default(0),
    revenue: kopecks('revenue'),
    promoDiscount: kopecks('promo_discount'),
    documentsCost: kopecks('documents_cost'),
    assurancesCost: kopecks('assurances_cost'),
    deliveryCost: kopecks('delivery_cost'),
    otherCost: kopecks('other_cost'),
    partnerCommission: kopecks('partner_commission'),
  },
  (t) => [index('stats_days_day_idx').on(t.day, t.kind)],
);

/** Moscow days whose orders changed since their sums were made. */
export const statsDirtyDays = pgTable('stats_dirty_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
});
