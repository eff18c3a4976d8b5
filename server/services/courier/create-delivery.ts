/**
 * The create-delivery task (sync-tasks queue): register a ready order's parcel with the courier
 * service, once. Before creating, the service is asked for a parcel under our order number, so a
 * retry after an answer lost on the way (a timeout, a crash) finds the parcel instead of making a
 * second one. A service that is down fails the task, which pg-boss retries with growing pauses;
 * the order stays READY meanwhile and every attempt is in its event log.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { ORDER_STATUS_LABELS } from '../../../src/domain/order-status';
import type { AppContext } from '../../app-context';
import { courierDeliveries, offices, orders, pickupPoints } from '../../db/schema';
import type { TaskResult } from '../../queue/queues';
import { COURIER_NOT_CONFIGURED } from './configured';
import type { CourierPlace, CourierService } from './courier';
import { parcelOfOrder } from './parcels';

/** CDEK's parcel tariffs by where they start and end («Посылка склад-склад» … «дверь-дверь»). */
const DEFAULT_TARIFFS = {
  point: { point: 136, door: 137 },
  door: { point: 138, door: 139 },
} as const;

/** Statuses in which a parcel still makes sense; a cancelled order sends none. */
const SENDABLE = ['READY', 'IN_DELIVERY', 'AT_PICKUP_POINT'] as const;

function chosenTariff(deliveryData: Record<string, unknown> | null): number | null {
  const code = Number(deliveryData?.tariffCode);
  return Number.isInteger(code) && code > 0 ? code : null;
}

async function senderOffice(ctx: AppContext, officeId: number | null) {
  const [office] = await ctx.db
    .select({ name: offices.name, address: offices.address, phone: offices.phone })
    .from(offices)
    .where(officeId === null ? eq(offices.isActive, true) : eq(offices.id, officeId))
    .orderBy(asc(offices.sortOrder), asc(offices.id))
    .limit(1);
  return office;
}

export async function createDelivery(
  ctx: AppContext,
  courier: CourierService | undefined,
  orderId: number,
): Promise<TaskResult> {
  if (!courier) return { payload: { created: false, note: COURIER_NOT_CONFIGURED } };
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { refused: 'Заказ удалён: посылка не нужна' };
  const existing = await parcelOfOrder(ctx.db, orderId);
  if (existing) return { payload: { created: false, deliveryId: existing.externalId } };
  if (!(SENDABLE as readonly string[]).includes(order.status))
    return { refused: `Заказ в статусе «${ORDER_STATUS_LABELS[order.status]}»: посылка не создана` };

  let to: CourierPlace;
  if (order.deliveryType === 'COURIER') {
    if (!order.address) return { refused: 'У заказа нет адреса доставки: посылка не создана' };
    to = { address: order.address };
  } else {
    const [point] = order.pickupPointId
      ? await ctx.db
          .select({ code: pickupPoints.code })
          .from(pickupPoints)
          .where(eq(pickupPoints.id, order.pickupPointId))
      : [];
    if (!point?.code) return { refused: 'У пункта выдачи нет кода СДЭК: посылка не создана' };
    to = { pointCode: point.code };
  }
  const office = await senderOffice(ctx, order.officeId);
  if (!office) return { refused: 'Нет офиса-отправителя: посылка не создана' };
  const shipmentPoint = ctx.config.courier.cdek?.shipmentPoint;
  const from: CourierPlace = shipmentPoint ? { pointCode: shipmentPoint } : { address: office.address };
  const tariffCode =
    chosenTariff(order.deliveryData) ??
    DEFAULT_TARIFFS['pointCode' in from ? 'point' : 'door']['pointCode' in to ? 'point' : 'door'];

  const found = await courier.findParcel(order.number);
  const externalId =
    found?.externalId ??
    (
      await courier.createParcel({
        number: order.number,
        tariffCode,
        from,
        to,
        recipient: { name: order.name, phone: order.phoneNumber, email: order.email },
        sender: { name: office.name, phone: office.phone },
        comment: `Перевод документов, заказ ${order.number}`,
      })
    ).externalId;
  const inserted = await ctx.db
    .insert(courierDeliveries)
    .values({
      orderId,
      service: courier.service,
      externalId,
      tariffCode,
      trackingNumber: found?.trackingNumber ?? null,
      updatedAt: sql`now()`,
    })
    .onConflictDoNothing()
    .returning({ id: courierDeliveries.id });
  return { payload: { created: inserted.length > 0, deliveryId: externalId, tariffCode } };
}
