/**
 * A place on the map for a back-office form (a pickup point, an office): latitude and longitude
 * fields — the keyboard's way — and, on demand, the order form's own map (MapLibre, or Leaflet
 * without WebGL) with a draggable marker that writes the fields. The map's module is imported only
 * when «Выбрать на карте» is pressed, so no other back-office screen carries it.
 */
import { useEffect, useRef, useState } from 'react';
import { useCachedQuery } from '../../api/use-cached-query';
import { button } from '../button';
import { TextField } from '../text-field';
import { chooseMapProvider, detectWebGl, preferredMapProvider } from './map-provider';
import { type CreateMapView, type LngLat, MAP_DEFAULTS, type MapView } from './map-view';
import * as styles from './position-picker.css';

export interface PositionPickerProps {
  /** Prefix of the fields' ids (`${idPrefix}-lat`, `${idPrefix}-lon`) for the error summary. */
  idPrefix: string;
  lat: string;
  lon: string;
  onChange: (position: { lat: string; lon: string }) => void;
  errors: { lat?: string | null; lon?: string | null };
}

const round = (value: number) => String(Math.round(value * 1e6) / 1e6);

/** The typed place, or the centre of Moscow while the fields are empty or wrong. */
function positionOf(lat: string, lon: string): LngLat {
  const parsed = { lat: Number(lat.replace(',', '.')), lon: Number(lon.replace(',', '.')) };
  return lat.trim() && lon.trim() && Number.isFinite(parsed.lat) && Number.isFinite(parsed.lon)
    ? parsed
    : MAP_DEFAULTS.center;
}

export function PositionPicker({ idPrefix, lat, lon, onChange, errors }: PositionPickerProps) {
  const [shown, setShown] = useState(false);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const config = useCachedQuery('/api/map/config', { kind: 'public', enabled: shown });
  const container = useRef<HTMLDivElement>(null);
  const view = useRef<MapView | null>(null);
  const latest = useRef({ lat, lon, onChange });
  latest.current = { lat, lon, onChange };

  const settled = config.data !== undefined || config.error !== null;
  useEffect(() => {
    const element = container.current;
    if (!shown || !settled || !element) return;
    let cancelled = false;
    const provider = chooseMapProvider(preferredMapProvider(globalThis.localStorage), detectWebGl());
    const load: () => Promise<{ createMapView: CreateMapView }> =
      provider === 'maplibre' ? () => import('./maplibre-view') : () => import('./leaflet-view');
    const sources = {
      styleUrl: config.data?.styleUrl ?? null,
      rasterTileUrl: config.data?.rasterTileUrl ?? null,
    };
    load()
      .then(({ createMapView }) => createMapView(element, sources))
      .then((mapView) => {
        if (cancelled) return mapView.destroy();
        view.current = mapView;
        const at = positionOf(latest.current.lat, latest.current.lon);
        mapView.setUserLocation(at, (moved) =>
          latest.current.onChange({ lat: round(moved.lat), lon: round(moved.lon) }),
        );
        mapView.flyTo(at, 15);
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      view.current?.destroy();
      view.current = null;
    };
  }, [shown, settled, config.data?.styleUrl, config.data?.rasterTileUrl]);

  // Typed coordinates move the marker too.
  useEffect(() => {
    if (state !== 'ready') return;
    const at = positionOf(lat, lon);
    view.current?.setUserLocation(at, (moved) =>
      latest.current.onChange({ lat: round(moved.lat), lon: round(moved.lon) }),
    );
  }, [lat, lon, state]);

  return (
    <fieldset className={styles.picker}>
      <legend>Место на карте</legend>
      <div className={styles.coordinates}>
        <TextField
          id={`${idPrefix}-lat`}
          label="Широта"
          inputMode="decimal"
          autoComplete="off"
          value={lat}
          error={errors.lat}
          onValueChange={(value) => onChange({ lat: value, lon })}
        />
        <TextField
          id={`${idPrefix}-lon`}
          label="Долгота"
          inputMode="decimal"
          autoComplete="off"
          value={lon}
          error={errors.lon}
          onValueChange={(value) => onChange({ lat, lon: value })}
        />
      </div>
      {shown ? (
        <>
          <div
            ref={container}
            className={styles.map}
            data-map-state={state}
            role="img"
            aria-label="Карта: перетащите метку на место. Координаты можно ввести в поля выше."
          />
          <p className={styles.note} role="status">
            {state === 'failed'
              ? 'Карта сейчас недоступна — введите координаты в поля выше.'
              : 'Перетащите метку — координаты в полях изменятся.'}
          </p>
        </>
      ) : (
        <p>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => setShown(true)}>
            Выбрать на карте
          </button>
        </p>
      )}
    </fieldset>
  );
}

/** The Russian message for a coordinate field, or null. */
export function coordinateProblem(text: string, axis: 'lat' | 'lon'): string | null {
  const name = axis === 'lat' ? 'широту' : 'долготу';
  if (text.trim() === '') return `Введите ${name} или выберите место на карте`;
  const value = Number(text.replace(',', '.'));
  const limit = axis === 'lat' ? 90 : 180;
  if (!Number.isFinite(value))
    return `Введите ${name} числом, например ${axis === 'lat' ? '55.7558' : '37.6173'}`;
  if (Math.abs(value) > limit) return `${axis === 'lat' ? 'Широта' : 'Долгота'} — от −${limit} до ${limit}`;
  return null;
}
