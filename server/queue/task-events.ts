/**
 * Every attempt of an order's task — a success, a refusal or an error — is a row of the order's
 * event log (order_events), written by the worker loop for every queue alike: the monitoring
 * pages and the dashboard's counts («emails sent»: send-email and order-received; «deliveries
 * created») read it. The event's type is the task's type (send-email, change-status,
 * create-delivery, …). Tasks without an orderId (sign-in codes, periodic runs) have no order to
 * log to; pg-boss's own tables keep them.
 */

import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { orderEvents } from '../db/schema';
import type { TaskOutcome } from './worker';

/** What of a task's data is worth a line in the log: never sealed parameters. */
const LOGGED_FIELDS = ['template', 'to', 'status', 'from', 'paymentId'] as const;

/** Errors are cut to a length a monitoring row can show; the job keeps nothing longer anyway. */
const MAX_ERROR_LENGTH = 2000;

export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

function orderIdOf(data: unknown): number | null {
  const orderId = (data as { orderId?: unknown } | null)?.orderId;
  return typeof orderId === 'number' && Number.isInteger(orderId) && orderId > 0 ? orderId : null;
}

/** Every task of an order logs its outcome: prepared once (db/prepared.ts). */
const logged = preparedStatement<
  { orderId: number; eventType: string; success: boolean; error: string | null; payload: string },
  never
>(
  'order_task_event',
  (value) => sql`insert into ${orderEvents} (order_id, event_type, success, error, payload)
    values (${value('orderId')}::int, ${value('eventType')}::text, ${value('success')}::boolean,
      ${value('error')}::text, ${value('payload')}::jsonb)`,
);

export async function recordTaskOutcome(
  db: Database,
  queue: string,
  job: PgBoss.JobWithMetadata<unknown>,
  outcome: TaskOutcome,
): Promise<void> {
  const data = (job.data ?? {}) as Record<string, unknown>;
  const orderId = orderIdOf(data);
  if (orderId === null) return;
  const details: Record<string, unknown> = {};
  for (const field of LOGGED_FIELDS) if (data[field] !== undefined) details[field] = data[field];
  const refused = outcome.ok ? outcome.result?.refused : undefined;
  const error = outcome.ok ? (refused ?? null) : errorText(outcome.error);
  await logged
    .rows(db, {
      orderId,
      eventType: typeof data.name === 'string' ? data.name : queue,
      success: outcome.ok && !refused,
      error,
      payload: JSON.stringify({
        queue,
        jobId: job.id,
        attempt: job.retryCount + 1,
        attemptsAllowed: job.retryLimit + 1,
        ...details,
        ...(outcome.ok ? outcome.result?.payload : undefined),
      }),
    })
    // The order may have been deleted while its task ran: nothing left to log to.
    .catch((failure: unknown) => {
      if ((failure as { code?: string })?.code === '23503') return;
      const cause = (failure as { cause?: { code?: string } })?.cause;
      if (cause?.code === '23503') return;
      throw failure;
    });
}
