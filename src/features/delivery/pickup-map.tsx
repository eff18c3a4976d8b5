/**
 * The pickup points on a map, above the list on step 4. The provider's module (MapLibre by
 * default, Leaflet when chosen or without WebGL) is imported here, on demand, so no map code
 * reaches the earlier steps. A point chosen on the map is the same choice as in the list. When no
 * map can be drawn (offline before the map was ever loaded, no WebGL and no Leaflet) a short note
 * says so and the list does the job; when the points draw but the streets under them do not (the
 * tile server unreachable), a note says that instead of leaving a blank grey square. What the map shows is mirrored in data-* attributes.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useCachedQuery } from '../../api/use-cached-query';
import { button } from '../../ui/button';
import { locateCustomer } from '../../ui/map/geolocation';
import {
  chooseMapProvider,
  detectWebGl,
  type MapProvider,
  preferredMapProvider,
  rememberMapProvider,
} from '../../ui/map/map-provider';
import type { CreateMapView, LngLat, MapSources, MapView, RenderedMap } from '../../ui/map/map-view';
import * as styles from './pickup-map.css';
import type { PickupPoint } from './point-search';

const PROVIDERS: Record<MapProvider, () => Promise<{ createMapView: CreateMapView }>> = {
  maplibre: () => import('../../ui/map/maplibre-view'),
  leaflet: () => import('../../ui/map/leaflet-view'),
};

const PROVIDER_NAMES: Record<MapProvider, string> = { maplibre: 'векторная', leaflet: 'простая' };

const LOCATED_ZOOM = 13;

type MapState = 'loading' | 'ready' | 'failed';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** Style and tiles from the server (stored for offline); without them, points on a plain background. */
function useMapSources(): MapSources | undefined {
  const config = useCachedQuery('/api/map/config', { kind: 'public' });
  const styleUrl = config.data?.styleUrl ?? null;
  const rasterTileUrl = config.data?.rasterTileUrl ?? null;
  const settled = config.data !== undefined || config.error !== null;
  return useMemo(
    () => (settled ? { styleUrl, rasterTileUrl } : undefined),
    [settled, styleUrl, rasterTileUrl],
  );
}

export function PickupMap({
  points,
  chosenId,
  onChoose,
  onLocate,
}: {
  points: readonly PickupPoint[];
  chosenId: number | null;
  onChoose: (point: PickupPoint) => void;
  onLocate: (location: LngLat) => void;
}) {
  const hasWebGl = useMemo(() => detectWebGl(), []);
  const [provider, setProvider] = useState<MapProvider>(() =>
    chooseMapProvider(preferredMapProvider(storage()), hasWebGl),
  );
  const [state, setState] = useState<MapState>('loading');
  const [rendered, setRendered] = useState<RenderedMap | null>(null);
  const [baseMissing, setBaseMissing] = useState(false);
  const [locating, setLocating] = useState(false);
  const [locationNote, setLocationNote] = useState<string | null>(null);
  const sources = useMapSources();
  const container = useRef<HTMLElement>(null);
  const view = useRef<MapView | null>(null);
  // The view's listeners outlive renders: they read the latest props through this ref.
  const latest = useRef({ points, chosenId, onChoose, onLocate, user: null as LngLat | null });
  latest.current = { ...latest.current, points, chosenId, onChoose, onLocate };
  const chosenOnMap = useRef<number | null>(null);

  const moveUser = (location: LngLat) => {
    latest.current.user = location;
    latest.current.onLocate(location);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view reads props through `latest`
  useEffect(() => {
    const element = container.current;
    if (!sources || !element) return;
    let cancelled = false;
    let created: MapView | undefined;
    setState('loading');
    setRendered(null);
    setBaseMissing(false);
    PROVIDERS[provider]()
      .then(({ createMapView }) => createMapView(element, sources))
      .then((mapView) => {
        created = mapView;
        if (cancelled) return mapView.destroy();
        view.current = mapView;
        mapView.onRender(setRendered);
        mapView.onBaseMap(setBaseMissing);
        mapView.onSelect((id) => {
          const point = latest.current.points.find((p) => p.id === id);
          if (!point) return;
          chosenOnMap.current = id;
          latest.current.onChoose(point);
        });
        mapView.setPoints(latest.current.points);
        mapView.setSelected(latest.current.chosenId, latest.current.chosenId !== null);
        if (latest.current.user) mapView.setUserLocation(latest.current.user, moveUser);
        setState('ready');
      })
      .catch(() => {
        if (cancelled) return;
        // MapLibre could not start (no chunk offline, a WebGL failure): try the lighter map once.
        if (provider === 'maplibre') setProvider('leaflet');
        else setState('failed');
      });
    return () => {
      cancelled = true;
      created?.destroy();
      view.current = null;
    };
  }, [provider, sources]);

  useEffect(() => {
    if (state === 'ready') view.current?.setPoints(points);
  }, [points, state]);

  useEffect(() => {
    if (state !== 'ready') return;
    // A point chosen on the map is already in view; one chosen in the list is shown.
    const fromMap = chosenId !== null && chosenId === chosenOnMap.current;
    view.current?.setSelected(chosenId, chosenId !== null && !fromMap);
    if (fromMap) chosenOnMap.current = null;
  }, [chosenId, state]);

  const switchProvider = () => {
    const next: MapProvider = provider === 'maplibre' ? 'leaflet' : 'maplibre';
    rememberMapProvider(storage(), next);
    // In the same render as the new provider: its frame never shows the old map's state and points.
    setState('loading');
    setRendered(null);
    setProvider(next);
  };

  const locate = async () => {
    setLocating(true);
    setLocationNote(null);
    const result = await locateCustomer();
    setLocating(false);
    if (!result.ok) {
      setLocationNote(result.message);
      return;
    }
    moveUser(result.location);
    view.current?.setUserLocation(result.location, moveUser);
    view.current?.flyTo(result.location, LOCATED_ZOOM);
    setLocationNote('Пункты отсортированы по расстоянию от вас. Метку можно перетащить.');
  };

  return (
    <div
      className={styles.mapBlock}
      data-map-provider={provider}
      data-map-state={state}
      data-base-map={state === 'ready' ? (baseMissing ? 'missing' : 'shown') : undefined}
      data-clusters={rendered?.clusters.length}
      data-points={rendered?.points.length}
      data-rendered={rendered ? JSON.stringify(rendered) : undefined}
    >
      <section
        key={provider}
        ref={container}
        className={state === 'failed' ? `${styles.map} ${styles.mapHidden}` : styles.map}
        aria-label="Карта пунктов выдачи. Выбрать пункт с клавиатуры можно в списке ниже."
      />
      {state === 'failed' ? (
        <p className={styles.note} role="status">
          Карта сейчас недоступна — выберите пункт в списке ниже.
        </p>
      ) : null}
      {state === 'ready' && baseMissing ? (
        <p className={styles.note} role="status">
          Улицы на карте не загрузились (нет связи с сервером карт), но пункты на ней на своих местах.
          Выберите пункт на карте или в списке ниже.
        </p>
      ) : null}
      <div className={styles.tools}>
        <button
          type="button"
          className={`${button({ tone: 'secondary' })} ${styles.toolButton}`}
          onClick={() => void locate()}
          disabled={locating}
        >
          {locating ? 'Определяем…' : 'Пункты рядом со мной'}
        </button>
        {hasWebGl ? (
          <button
            type="button"
            className={`${button({ tone: 'secondary' })} ${styles.toolButton}`}
            onClick={switchProvider}
            aria-label={`Другая карта (сейчас ${PROVIDER_NAMES[provider]})`}
          >
            Другая карта
          </button>
        ) : null}
      </div>
      {locationNote ? (
        <p className={styles.note} role="status">
          {locationNote}
        </p>
      ) : null}
    </div>
  );
}
