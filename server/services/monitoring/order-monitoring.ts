/**
 * GET /api/admin/order-monitoring/order/{orderId}: one order's processing — the order, its event
 * log (newest first) and its tasks in every queue with their state, attempts and errors.
 */
import { desc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import type { AppContext } from '../../app-context';
import { orderEvents } from '../../db/schema';
import { loadOrder } from '../orders/load-order';
import { orderJobs } from './job-rows';
import { findOrderByRef } from './order-ref';

export type OrderMonitoring = components['schemas']['OrderMonitoring'];

/** Events shown: the story of a long-lived order, without paging. */
const EVENT_LIMIT = 500;

export async function orderMonitoring(ctx: AppContext, ref: string): Promise<OrderMonitoring> {
  const { id } = await findOrderByRef(ctx.db, ref);
  const events = await ctx.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, id))
    .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
    .limit(EVENT_LIMIT);
  return {
    order: await loadOrder(ctx.db, id),
    events: events.map((event) => ({
      id: event.id,
      eventType: event.eventType,
      success: event.success,
      error: event.error,
      payload: event.payload ?? null,
      createdAt: event.createdAt.toISOString(),
    })),
    tasks: await orderJobs(ctx.db, id),
  };
}
