/**
 * How far pickup points are from the customer (located, or where they dropped their marker on
 * the map): the list then shows the nearest first, with the distance in Russian.
 */
import type { LngLat } from '../../ui/map/map-view';

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine): exact enough for a city, in kilometres. */
export function distanceKm(a: LngLat, b: LngLat): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The points nearest first; the list order is kept without a location. */
export function nearestFirst<T extends LngLat>(points: readonly T[], from: LngLat | null): T[] {
  if (!from) return [...points];
  return points
    .map((point) => ({ point, km: distanceKm(from, point) }))
    .sort((a, b) => a.km - b.km)
    .map(({ point }) => point);
}

/** «350 м» under a kilometre (to 10 m), «1,2 км» under ten, «14 км» beyond. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} м`;
  const digits = km < 10 ? 1 : 0;
  return `${km.toLocaleString('ru-RU', { maximumFractionDigits: digits, minimumFractionDigits: digits })} км`;
}
