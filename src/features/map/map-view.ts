/**
 * The one small interface step 4 talks to, whatever draws the map: MapLibre GL (vector, the
 * default) or Leaflet with marker clustering (raster, lighter, and the only one without WebGL).
 * Providers live in their own modules, imported dynamically so neither reaches step 1's chunk.
 */
import type { components } from '../../api/schema.gen';

export type MapPoint = Pick<components['schemas']['PickupPoint'], 'id' | 'name' | 'lat' | 'lon'>;

export interface LngLat {
  lon: number;
  lat: number;
}

export interface MapView {
  /** Replaces the markers; clustered up to MAP_DEFAULTS.clusterMaxZoom. */
  setPoints(points: readonly MapPoint[]): void;
  /** Called when a marker is chosen (click, or Enter on a focused marker). */
  onSelect(listener: (pointId: number) => void): void;
  /** Shows the draggable user marker; the listener hears where it is dropped. */
  setUserLocation(location: LngLat, onMove?: (location: LngLat) => void): void;
  flyTo(location: LngLat, zoom?: number): void;
  destroy(): void;
}

export interface MapSources {
  /** A MapLibre style.json (GET /api/map/config). */
  styleUrl: string;
  /** A raster template with {z}, {x}, {y} for Leaflet. */
  rasterTileUrl: string;
}

/** The product's map constants (Moscow centre, zoom range, clustering, marker sizes in px). */
export const MAP_DEFAULTS = {
  center: { lon: 37.618423, lat: 55.751244 },
  zoom: 10,
  minZoom: 5,
  maxZoom: 18,
  clusterRadius: 60,
  clusterMaxZoom: 15,
  markerSize: { office: 32, pickup: 28, user: 20 },
} as const;

/** Low accuracy is enough to centre the map and saves the phone's battery and time. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 15_000,
  maximumAge: 5 * 60_000,
};
