/** Pickup points: the public map's active ones, staff lists, and one point by id. */
import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import type { Database } from '../../db/client';
import { pickupPointPhotos, pickupPoints } from '../../db/schema';

export type PickupPoint = components['schemas']['PickupPoint'];

const columns = {
  id: pickupPoints.id,
  code: pickupPoints.code,
  name: pickupPoints.name,
  schedule: pickupPoints.schedule,
  address: pickupPoints.address,
  lat: pickupPoints.lat,
  lon: pickupPoints.lon,
  partnerId: pickupPoints.partnerId,
  description: pickupPoints.description,
  email: pickupPoints.email,
  phone: pickupPoints.phone,
  isActive: pickupPoints.isActive,
  type: pickupPoints.type,
  metro: pickupPoints.metro,
  metroColor: pickupPoints.metroColor,
};

/** Points matching `where`, each with its photo URLs (one extra query for all photos). */
export async function selectPoints(db: Database, where?: SQL): Promise<PickupPoint[]> {
  const rows = await db.select(columns).from(pickupPoints).where(where).orderBy(asc(pickupPoints.id));
  if (rows.length === 0) return [];
  const photos = await db
    .select({ pointId: pickupPointPhotos.pickupPointId, fileId: pickupPointPhotos.fileId })
    .from(pickupPointPhotos)
    .where(
      inArray(
        pickupPointPhotos.pickupPointId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(pickupPointPhotos.sortOrder), asc(pickupPointPhotos.id));
  const byPoint = new Map<number, string[]>();
  for (const photo of photos) {
    const urls = byPoint.get(photo.pointId) ?? [];
    urls.push(`/api/files/${photo.fileId}`);
    byPoint.set(photo.pointId, urls);
  }
  return rows.map((row) => ({ ...row, photos: byPoint.get(row.id) ?? [] }));
}

export const listPickupPoints = (db: Database) => selectPoints(db);

export const listActivePickupPoints = (db: Database) => selectPoints(db, eq(pickupPoints.isActive, true));

export async function findPickupPoint(db: Database, id: number): Promise<PickupPoint | undefined> {
  const [point] = await selectPoints(db, eq(pickupPoints.id, id));
  return point;
}
