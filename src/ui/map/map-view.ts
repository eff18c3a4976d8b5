/**
 * The one small interface step 4 talks to, whatever draws the map: MapLibre GL (vector, the
 * default) or Leaflet with marker clustering (raster, lighter, and the only one without WebGL).
 * Providers live in their own modules, imported dynamically so neither reaches step 1's chunk.
 */
import type { components } from '../../api/schema.gen';

export type MapPoint = Pick<components['schemas']['PickupPoint'], 'id' | 'name' | 'lat' | 'lon'>;

/** What the map shows right now, in container pixels: the component exposes it as data attributes. */
export interface RenderedMap {
  clusters: Array<{ count: number; x: number; y: number }>;
  points: Array<{ id: number; x: number; y: number }>;
}

export interface LngLat {
  lon: number;
  lat: number;
}

export interface MapView {
  /** Replaces the markers; clustered up to MAP_DEFAULTS.clusterMaxZoom. */
  setPoints(points: readonly MapPoint[]): void;
  /** Called when a marker is chosen (click, or Enter on a focused marker). */
  onSelect(listener: (pointId: number) => void): void;
  /** Highlights the chosen point; reveal also zooms to it (a choice made in the list). */
  setSelected(pointId: number | null, reveal: boolean): void;
  /** Hears what is drawn after every settled move, zoom or data change. */
  onRender(listener: (rendered: RenderedMap) => void): void;
  /**
   * Hears whether the base map (streets under the points) is missing: no style or tiles
   * configured, or none could be loaded (offline, the tile server down). Told at once, then on
   * every change; the points draw either way.
   */
  onBaseMap(listener: (missing: boolean) => void): void;
  /** Shows the draggable user marker; the listener hears where it is dropped. */
  setUserLocation(location: LngLat, onMove?: (location: LngLat) => void): void;
  flyTo(location: LngLat, zoom?: number): void;
  destroy(): void;
}

export interface MapSources {
  /** A MapLibre style.json (GET /api/map/config); null: points on a plain background. */
  styleUrl: string | null;
  /** A raster template with {z}, {x}, {y} for Leaflet; null: points on a plain background. */
  rasterTileUrl: string | null;
}

/** Both providers' modules export this: the component imports one of them lazily. */
export type CreateMapView = (container: HTMLElement, sources: MapSources) => Promise<MapView>;

/** The product's map constants (Moscow centre, zoom range, clustering, marker sizes in px). */
export const MAP_DEFAULTS = {
  center: { lon: 37.618423, lat: 55.751244 },
  zoom: 10,
  minZoom: 5,
  maxZoom: 18,
  clusterRadius: 60,
  clusterMaxZoom: 15,
  markerSize: { office: 32, pickup: 28, user: 20 },
  /** Zoom a point chosen in the list is shown at: past clusterMaxZoom, so it stands alone. */
  revealZoom: 16,
} as const;

/** Low accuracy is enough to centre the map and saves the phone's battery and time. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 15_000,
  maximumAge: 5 * 60_000,
};

/**
 * Whether the base map is missing, as both providers track it: told to each listener at once,
 * then on every change. `tileLoaded` clears it; `tileFailed` sets it until a first tile loads.
 */
export function baseMapWatch(missingAtStart: boolean) {
  const listeners: Array<(missing: boolean) => void> = [];
  let missing = missingAtStart;
  let tilesLoaded = 0;
  const set = (next: boolean) => {
    if (next === missing) return;
    missing = next;
    for (const listener of listeners) listener(next);
  };
  return {
    listen(listener: (missing: boolean) => void) {
      listeners.push(listener);
      listener(missing);
    },
    /** No base map at all (a style that would not load): points on a plain background. */
    lost: () => set(true),
    tileFailed: () => {
      if (tilesLoaded === 0) set(true);
    },
    tileLoaded: () => {
      tilesLoaded += 1;
      set(false);
    },
  };
}
