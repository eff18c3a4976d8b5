/**
 * The pure part of the map, shared by both providers: the points as GeoJSON (the only data the
 * map needs to draw them, so they show even when no tile loads) and Russian place names in a
 * vector style.
 */
import type { MapPoint } from './map-view';

export interface PickupFeature {
  type: 'Feature';
  id: number;
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: { id: number; name: string };
}

export interface PickupFeatureCollection {
  type: 'FeatureCollection';
  features: PickupFeature[];
}

/** A point the map can place: finite coordinates inside the world (0,0 is a point nobody entered). */
export function isPlaceable(point: Pick<MapPoint, 'lat' | 'lon'>): boolean {
  const { lat, lon } = point;
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lon) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lon) <= 180 &&
    !(lat === 0 && lon === 0)
  );
}

export function pickupFeatures(points: readonly MapPoint[]): PickupFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: points.filter(isPlaceable).map((point) => ({
      type: 'Feature',
      id: point.id,
      geometry: { type: 'Point', coordinates: [point.lon, point.lat] },
      properties: { id: point.id, name: point.name },
    })),
  };
}

const NAME_GET = /\["get","name(:[a-z_]+)?"\]|\{name(:[a-z_]+)?\}/;

/**
 * A label's text-field made Russian: the name in Russian where the tiles have one, else the
 * local name. Labels that do not show a place name (house numbers, road refs) are left alone
 * (undefined).
 */
export type RussianName = ['coalesce', ['get', 'name:ru'], ['get', 'name']];

export function russianTextField(textField: unknown): RussianName | undefined {
  if (textField === undefined || textField === null) return undefined;
  const text = JSON.stringify(textField);
  if (!NAME_GET.test(text)) return undefined;
  return ['coalesce', ['get', 'name:ru'], ['get', 'name']];
}

/** Cluster sizes in px by how many points they hold: bigger groups read as bigger circles. */
export function clusterSize(count: number): number {
  if (count < 10) return 36;
  if (count < 50) return 44;
  return 52;
}
