/**
 * Which provider draws the map: the customer's last choice if they switched, MapLibre when the
 * device has WebGL, Leaflet otherwise (MapLibre cannot draw at all without WebGL).
 */
export type MapProvider = 'maplibre' | 'leaflet';

const STORAGE_KEY = 'perevod.mapProvider';

export function chooseMapProvider(preferred: string | null | undefined, hasWebGl: boolean): MapProvider {
  if (!hasWebGl) return 'leaflet';
  return preferred === 'leaflet' ? 'leaflet' : 'maplibre';
}

export function detectWebGl(
  makeCanvas: () => HTMLCanvasElement = () => document.createElement('canvas'),
): boolean {
  try {
    const canvas = makeCanvas();
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

export function preferredMapProvider(storage: Pick<Storage, 'getItem'> | undefined): string | null {
  try {
    return storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    // Private modes may refuse storage: no remembered choice then.
    return null;
  }
}

export function rememberMapProvider(storage: Pick<Storage, 'setItem'> | undefined, provider: MapProvider) {
  try {
    storage?.setItem(STORAGE_KEY, provider);
  } catch {
    // Not remembering is harmless: the default is chosen again next time.
  }
}
