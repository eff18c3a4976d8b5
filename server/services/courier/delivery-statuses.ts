/**
 * The periodic check of parcels at the courier service (check-delivery-statuses): each parcel of
 * an order still on its way is asked for its state; its tracking number and status are kept, a
 * refusal by the service goes to the order's log once, and progress moves the order through a
 * change-status task (parcel-moves.ts). One parcel the service cannot answer for does not stop
 * the others; a run where every question failed fails, so the monitor shows it.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { courierDeliveries, orderEvents, orders } from '../../db/schema';
import { queueChangeStatus } from '../orders/automatic-status';
import type { CourierService } from './courier';
import { orderMoveFor } from './parcel-moves';

/** Parcels asked about per run, the longest unchecked first: a run stays well inside its expiry. */
const PER_RUN = 200;

export interface DeliveryCheck {
  checked: number;
  moved: number;
  failed: number;
}

export async function checkDeliveryStatuses(
  ctx: AppContext,
  courier: CourierService,
): Promise<DeliveryCheck> {
  const parcels = await ctx.db
    .select({
      id: courierDeliveries.id,
      orderId: courierDeliveries.orderId,
      externalId: courierDeliveries.externalId,
      error: courierDeliveries.error,
      status: orders.status,
    })
    .from(courierDeliveries)
    .innerJoin(orders, eq(orders.id, courierDeliveries.orderId))
    .where(
      and(
        eq(courierDeliveries.service, courier.service),
        inArray(orders.status, ['READY', 'IN_DELIVERY', 'AT_PICKUP_POINT']),
      ),
    )
    .orderBy(sql`${courierDeliveries.checkedAt} asc nulls first`, asc(courierDeliveries.id))
    .limit(PER_RUN);
  const result: DeliveryCheck = { checked: 0, moved: 0, failed: 0 };
  let firstError: unknown;
  for (const parcel of parcels) {
    try {
      const state = await courier.parcelState(parcel.externalId);
      result.checked++;
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(courierDeliveries)
          .set({
            checkedAt: sql`now()`,
            updatedAt: sql`now()`,
            ...(state && {
              trackingNumber: state.trackingNumber,
              statusCode: state.status?.code ?? null,
              statusName: state.status?.name ?? null,
              statusAt: state.status?.at ?? null,
              error: state.refused,
            }),
          })
          .where(eq(courierDeliveries.id, parcel.id));
        if (state?.refused && state.refused !== parcel.error)
          await tx.insert(orderEvents).values({
            orderId: parcel.orderId,
            eventType: 'courier-parcel',
            success: false,
            error: `СДЭК отклонил посылку: ${state.refused}`,
            payload: { deliveryId: parcel.externalId },
          });
        const target = state?.status ? orderMoveFor(parcel.status, state.status.code) : null;
        if (target && state?.status) {
          await queueChangeStatus(tx, {
            name: 'change-status',
            orderId: parcel.orderId,
            status: target,
            from: parcel.status,
            comment: `${courier.title}: ${state.status.name}`,
          });
          result.moved++;
        }
      });
    } catch (error) {
      result.failed++;
      firstError ??= error;
    }
  }
  if (result.failed > 0 && result.checked === 0) throw firstError;
  return result;
}
