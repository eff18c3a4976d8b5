/**
 * The periodic sync of the courier service's pickup points (sync-pickup-points): the city's
 * points are written as COURIER_SERVICE pickup points keyed by their code — new ones added, known
 * ones updated, ones the service no longer lists switched off (never deleted: old orders point at
 * them). An empty answer changes nothing: a service having a bad day must not empty the map.
 */
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { pickupPoints } from '../../db/schema';
import { CourierError, type CourierService } from './courier';

/** Rows per insert: well under PostgreSQL's 65 535 parameters. */
const CHUNK = 400;

export interface PointSync {
  received: number;
  added: number;
  switchedOff: number;
}

export async function syncPickupPoints(
  ctx: AppContext,
  courier: CourierService,
  cityCode: number,
): Promise<PointSync> {
  const points = await courier.listPoints(cityCode);
  if (points.length === 0)
    throw new CourierError(`${courier.title} не вернул ни одного пункта выдачи: прежний список оставлен`);
  return ctx.db.transaction(async (tx) => {
    let added = 0;
    for (let i = 0; i < points.length; i += CHUNK) {
      const rows = await tx
        .insert(pickupPoints)
        .values(
          points.slice(i, i + CHUNK).map((point) => ({
            type: 'COURIER_SERVICE' as const,
            code: point.code,
            name: point.name,
            address: point.address,
            schedule: point.schedule,
            lat: point.lat,
            lon: point.lon,
            phone: point.phone,
            metro: point.metro,
            description: point.note,
            isActive: true,
          })),
        )
        .onConflictDoUpdate({
          target: [pickupPoints.type, pickupPoints.code],
          targetWhere: sql`${pickupPoints.code} is not null`,
          set: {
            name: sql`excluded.name`,
            address: sql`excluded.address`,
            schedule: sql`excluded.schedule`,
            lat: sql`excluded.lat`,
            lon: sql`excluded.lon`,
            phone: sql`excluded.phone`,
            metro: sql`excluded.metro`,
            description: sql`excluded.description`,
            isActive: true,
            updatedAt: sql`now()`,
          },
        })
        // xmax = 0 only on a row this statement inserted.
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      added += rows.filter((row) => row.inserted).length;
    }
    const codes = points.map((point) => point.code);
    const switchedOff = await tx
      .update(pickupPoints)
      .set({ isActive: false, updatedAt: sql`now()` })
      .where(
        and(
          eq(pickupPoints.type, 'COURIER_SERVICE'),
          eq(pickupPoints.isActive, true),
          notInArray(pickupPoints.code, codes),
        ),
      )
      .returning({ id: pickupPoints.id });
    return { received: points.length, added, switchedOff: switchedOff.length };
  });
}
