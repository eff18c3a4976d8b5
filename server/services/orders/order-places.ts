/**
 * Where orders are collected, as the places people are shown (an office or a pickup point, with
 * address, hours and how to find the entrance): for the cabinet's orders, the back office's card and the order's messages.
 * An office order placed before the form asked which office (no officeId) is collected at the
 * first active office, as it was then.
 */
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { nameAfterKind } from '../../../src/domain/place-names';
import type { Database } from '../../db/client';
import { offices, type orders, pickupPoints } from '../../db/schema';

type CustomerPlace = components['schemas']['CustomerPlace'];
type OrderRow = typeof orders.$inferSelect;
export type PlaceOrder = Pick<OrderRow, 'deliveryType' | 'pickupPointId' | 'officeId'>;

/** Pickup points and offices of the orders, read at once; the function gives each order's place. */
export async function placesOf(db: Database, rows: readonly PlaceOrder[]) {
  const pointIds = [...new Set(rows.flatMap((row) => (row.pickupPointId ? [row.pickupPointId] : [])))];
  const points = pointIds.length
    ? await db.select().from(pickupPoints).where(inArray(pickupPoints.id, pointIds))
    : [];
  const needsOffice = rows.some((row) => row.deliveryType === 'OFFICE');
  const officeRows = needsOffice
    ? await db
        .select()
        .from(offices)
        .where(
          or(
            eq(offices.isActive, true),
            inArray(
              offices.id,
              rows.flatMap((row) => (row.officeId ? [row.officeId] : [])),
            ),
          ),
        )
        .orderBy(asc(offices.sortOrder), asc(offices.id))
    : [];
  return (row: PlaceOrder): CustomerPlace | null => {
    if (row.deliveryType === 'PICKUP_POINT') {
      const point = points.find((p) => p.id === row.pickupPointId);
      return point
        ? {
            kind: 'PICKUP_POINT',
            id: point.id,
            name: point.name,
            address: point.address,
            schedule: point.schedule,
            metro: point.metro,
            metroColor: point.metroColor,
            phone: point.phone,
            howToFind: point.description,
            lat: point.lat,
            lon: point.lon,
          }
        : null;
    }
    if (row.deliveryType === 'OFFICE') {
      const office =
        officeRows.find((o) => o.id === row.officeId) ?? officeRows.find((o) => o.isActive) ?? null;
      return office
        ? {
            kind: 'OFFICE',
            id: office.id,
            name: office.name,
            address: office.address,
            schedule: office.schedule,
            metro: null,
            metroColor: null,
            phone: office.phone,
            howToFind: null,
            lat: office.lat,
            lon: office.lon,
          }
        : null;
    }
    return null;
  };
}

/** One order's place. */
export async function placeOf(db: Database, row: PlaceOrder): Promise<CustomerPlace | null> {
  return (await placesOf(db, [row]))(row);
}

/** «в офисе «Офис на Тверской»: Москва, ул. Тверская, 12. Часы работы: Пн–Пт 9:00–20:00» */
export function placeText(place: CustomerPlace): string {
  const where = `${place.kind === 'OFFICE' ? 'в офисе' : 'в пункте выдачи'} ${nameAfterKind(place.name, place.kind)}`;
  const metro = place.metro ? `, м. ${place.metro}` : '';
  return `${where}: ${place.address}${metro}. Часы работы: ${place.schedule}`;
}
