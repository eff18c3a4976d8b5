/**
 * Which orders leave by the courier service, and their create-delivery task, written in the
 * transaction that made the order READY: a courier order (to an address) or one for a pickup
 * point of the courier service. The task is queued whether or not the service is configured, so
 * the order's monitoring page says plainly when no parcel was registered and why.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pickupPoints } from '../../db/schema';
import { sendInTransaction } from '../../queue/transaction';

/** A courier service that is down is asked again with growing pauses, for about an hour. */
export const CREATE_DELIVERY_OPTIONS = {
  retryLimit: 6,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 300,
} as const;

export async function leavesByCourier(
  executor: Database,
  order: { deliveryType: string; pickupPointId: number | null },
): Promise<boolean> {
  if (order.deliveryType === 'COURIER') return true;
  if (order.deliveryType !== 'PICKUP_POINT' || order.pickupPointId === null) return false;
  const [point] = await executor
    .select({ type: pickupPoints.type })
    .from(pickupPoints)
    .where(eq(pickupPoints.id, order.pickupPointId));
  return point?.type === 'COURIER_SERVICE';
}

export async function queueCreateDelivery(
  executor: Database,
  order: { id: number; deliveryType: string; pickupPointId: number | null },
): Promise<boolean> {
  if (!(await leavesByCourier(executor, order))) return false;
  return sendInTransaction(
    executor,
    'sync-tasks',
    { name: 'create-delivery', orderId: order.id },
    CREATE_DELIVERY_OPTIONS,
  );
}
