/**
 * What follows a new order, in one task: the push of its «order received» notice to the
 * customer's devices and the confirmation email. It runs as the `order-received` task of the
 * order-processing queue (server/jobs/order-processing.ts), sent inside the order's own
 * transaction, so an order never exists without it and it never runs for an order rolled back;
 * the worker loop logs the task's outcome as the order's event (server/queue/task-events.ts), a
 * refusal when the mail was not sent because its address is over the cap of mail to addresses
 * that never signed in (the mail service's rule).
 *
 * One job, not three (this task, a send-email and a send-push, each fetched, logged and completed
 * on its own): decision 0043. A retry of the task (the mail failed) sends the mail again and
 * nothing else: the push went out on the first attempt, the mail was counted against the cap then.
 */
import { sql } from 'drizzle-orm';
import { formatDay } from '../../../src/domain/day-text';
import { countRu, formatRubles } from '../../../src/domain/format';
import { languageList, languageName, lineLanguages } from '../../../src/domain/languages';
import type { AppContext } from '../../app-context';
import { preparedStatement } from '../../db/prepared';
import { orderDocumentAssurances, orderDocuments, orders, users } from '../../db/schema';
import { notFound } from '../../errors';
import { SEND_EMAIL_OPTIONS } from '../../mail/mail-service';
import type { QueueTasks, TaskResult } from '../../queue/queues';
import { queuePush } from '../notifications/notifications';
import { type TrackingLinkRead, trackingLinkRead, trackingUrlOf } from '../tracking/tracking-links';
import { placeOf, placeText } from './order-places';
import type { OrderRow } from './write-order';

/** The mail's retries (a few, with growing delays, within two minutes each): the task's own. */
export const ORDER_RECEIVED_OPTIONS = SEND_EMAIL_OPTIONS;

interface MailedLine {
  type: string;
  quantity: number;
  languages: string[] | null;
  assurances: string[];
}

/** A catalogue name inside a sentence: «Нотариальное заверение» → «нотариальное заверение», «МИД» stays. */
const inSentence = (name: string) =>
  /^\p{Lu}\p{Ll}/u.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;

/** «Паспорт, 2 экземпляра: английский, немецкий; нотариальное заверение» */
function lineText(line: MailedLine, orderLanguage: string): string {
  const copies = countRu(line.quantity, ['экземпляр', 'экземпляра', 'экземпляров']);
  const assured = line.assurances.length > 0 ? `; ${line.assurances.map(inSentence).join(', ')}` : '';
  return `${line.type}, ${copies}: ${languageList(lineLanguages(line.languages, orderLanguage))}${assured}`;
}

/**
 * What the confirmation says of the order, whether its address is spared the mail cap and its
 * tracking link: one statement, prepared once (db/prepared.ts).
 */
const mailedOrder = preparedStatement<
  { orderId: number },
  TrackingLinkRead & {
    id: number;
    number: string;
    amount: number | string;
    email: string;
    delivery_type: OrderRow['deliveryType'];
    pickup_point_id: number | null;
    office_id: number | null;
    due_date: string | null;
    urgent: boolean;
    original_language: string;
    target_language: string;
    lines: MailedLine[] | string | null;
    email_signed_in: boolean;
  }
>(
  'order_received_order',
  (value) => sql`select "orders"."id", "orders"."number", "orders"."amount", "orders"."email",
      "orders"."delivery_type", "orders"."pickup_point_id", "orders"."office_id", "orders"."due_date",
      "orders"."urgent", "orders"."original_language", "orders"."target_language",
      (select json_agg(json_build_object('type', d.type, 'quantity', d.quantity, 'languages', d.target_languages,
          'assurances', (select coalesce(json_agg(a.type order by a.id), '[]'::json)
            from ${orderDocumentAssurances} a where a.order_document_id = d.id)) order by d.sort_order, d.id)
        from ${orderDocuments} d where d.order_id = "orders"."id") as lines,
      exists(select 1 from ${users} u where lower(u.email) = lower("orders"."email") and u.last_login_at is not null)
        as email_signed_in,
      ${trackingLinkRead}
    from ${orders} where "orders"."id" = ${value('orderId')}::int`,
);

export type OrderReceivedTask = Extract<QueueTasks['order-processing'], { name: 'order-received' }>;

/**
 * Pushes the notice and sends the mail. `retry`: an earlier attempt of this task ran (its push
 * went out, its mail was counted against the cap); this one only sends the mail again.
 */
export async function sendOrderReceived(
  ctx: AppContext,
  task: Pick<OrderReceivedTask, 'orderId' | 'notificationId'>,
  { retry = false }: { retry?: boolean } = {},
): Promise<TaskResult | undefined> {
  const { orderId, notificationId } = task;
  // The push first: the device hears of the order at once, whatever the mail server does.
  if (notificationId !== undefined && !retry) await pushNotice(ctx, notificationId);
  // Only what the mail says, whether the address is spared the cap, and the tracking link.
  const [order] = await mailedOrder.rows(ctx.db, { orderId });
  if (!order) throw notFound('Заказ не найден');
  const place = await placeOf(ctx.db, {
    deliveryType: order.delivery_type,
    pickupPointId: order.pickup_point_id,
    officeId: order.office_id,
  });
  const sent = await ctx.mail.sendNow(
    {
      template: 'order-received',
      to: order.email,
      orderId,
      params: {
        number: order.number,
        amount: formatRubles(Number(order.amount)),
        link: `${ctx.config.publicUrl}/cabinet/orders/${order.id}`,
        ...(place ? { pickup: placeText(place) } : {}),
        from: languageName(order.original_language).toLowerCase(),
        lines: ((typeof order.lines === 'string' ? JSON.parse(order.lines) : order.lines) ?? []).map(
          (line: MailedLine) => lineText(line, order.target_language),
        ),
        ...(order.due_date
          ? {
              due: `${formatDay(order.due_date, { weekday: true })}${order.urgent ? ' (срочный заказ)' : ''}`,
            }
          : {}),
      },
    },
    {
      counted: retry,
      signedIn: order.email_signed_in,
      trackingUrl: await trackingUrlOf(ctx.db, ctx.keys.trackingLink, ctx.config.publicUrl, orderId, order),
    },
  );
  if (sent !== 'capped') return undefined;
  const cap = ctx.config.limits.mailsPerHourToUnverified;
  return {
    refused: `Письмо не отправлено: с этой почтой ещё ни разу не входили в кабинет, а таких писем на один адрес — не больше ${cap} в час`,
  };
}

/**
 * The notice's push, never the reason the task fails (a retry would repeat the mail): devices
 * whose push service is down are retried by send-push tasks of their own (push-delivery.ts), and
 * a push that could not start at all (the database busy) goes to such a task whole.
 */
async function pushNotice(ctx: AppContext, notificationId: number): Promise<void> {
  const task = { name: 'send-push' as const, notificationId };
  try {
    await ctx.push.deliver(ctx.db, task);
  } catch {
    await queuePush(ctx.db, task);
  }
}
