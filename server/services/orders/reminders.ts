/**
 * The reminders the bureau sends by itself: a customer whose order waits for payment
 * (send-payment-reminders), and a company whose signed act has not come back
 * (send-act-exchange-reminders). Each reminder is an event of its order, written with its mail in
 * one transaction, and the events decide the next one: the first after a wait, then spaced, and
 * never more than a few. An order that moves on stops getting them.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { rowsOf } from '../../db/rows';
import { orderEvents } from '../../db/schema';
import type { OrderTemplateName } from '../../mail/order-templates';
import { queueOrderMail } from './order-mail';

export interface ReminderRule {
  /** Days from the start of the wait to the first reminder. */
  firstAfterDays: number;
  /** Days between reminders. */
  everyDays: number;
  atMost: number;
}

/** An unpaid order: the next day, then every two days, three times at most. */
export const PAYMENT_REMINDER: ReminderRule = { firstAfterDays: 1, everyDays: 2, atMost: 3 };
/** An unsigned act: a week after it was issued, then weekly, four times at most. */
export const ACT_REMINDER: ReminderRule = { firstAfterDays: 7, everyDays: 7, atMost: 4 };

const PER_RUN = 500;

interface Due {
  id: number;
  email: string;
  sent: number;
}

/**
 * Orders due a reminder of `eventType`: `waitingSince` is the SQL of when the wait began for the
 * order `o` (null: not waiting), and reminders sent since then count.
 */
async function dueOrders(
  ctx: AppContext,
  eventType: string,
  waitingSince: ReturnType<typeof sql>,
  rule: ReminderRule,
  now: Date,
): Promise<Due[]> {
  const result = await rowsOf<Due>(
    ctx.db,
    sql`
    select o.id, o.email, coalesce(r.sent, 0)::int as sent
    from orders o
    cross join lateral (select ${waitingSince} as since) w
    left join lateral (
      select count(*) as sent, max(e.created_at) as last_at
      from order_events e
      where e.order_id = o.id and e.event_type = ${eventType} and e.created_at >= w.since
    ) r on true
    where w.since is not null
      and w.since <= ${now.toISOString()}::timestamptz - make_interval(days => ${rule.firstAfterDays})
      and coalesce(r.sent, 0) < ${rule.atMost}
      and (r.last_at is null or r.last_at <= ${now.toISOString()}::timestamptz - make_interval(days => ${rule.everyDays}))
    order by o.id
    limit ${PER_RUN}`,
  );
  return result.map((row) => ({ ...row, id: Number(row.id) }));
}

async function remind(
  ctx: AppContext,
  due: Due[],
  eventType: string,
  template: OrderTemplateName,
): Promise<number> {
  for (const order of due) {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(orderEvents).values({
        orderId: order.id,
        eventType,
        success: true,
        payload: { reminder: order.sent + 1, template },
      });
      await queueOrderMail(tx, order, template);
    });
  }
  return due.length;
}

export async function sendPaymentReminders(ctx: AppContext, now = new Date()): Promise<number> {
  // Since the order last entered «awaiting payment»; companies pay by invoice, reminded the same way.
  const since = sql`(select max(h.created_at) from order_status_history h
    where h.order_id = o.id and h.status = 'AWAITING_PAYMENT' and o.status = 'AWAITING_PAYMENT' and o.paid_at is null)`;
  const due = await dueOrders(ctx, 'payment-reminder', since, PAYMENT_REMINDER, now);
  return remind(ctx, due, 'payment-reminder', 'payment-reminder');
}

export async function sendActReminders(ctx: AppContext, now = new Date()): Promise<number> {
  const since = sql`(select i.created_at from invoices i
    where i.order_id = o.id and i.kind = 'ACT' and i.status <> 'SIGNED'
      and o.payer_type = 'LEGAL' and o.status <> 'CANCELLED' and o.act_signed_path is null)`;
  const due = await dueOrders(ctx, 'act-reminder', since, ACT_REMINDER, now);
  return remind(ctx, due, 'act-reminder', 'act-reminder');
}
