/**
 * MapView on MapLibre GL (vector tiles, WebGL): the default provider. Imported only by step 4's
 * map, so the library lands in its own chunk. The points are a clustered GeoJSON source drawn by
 * circle layers; the clusters' counts are HTML markers (label fonts come from the tile server and
 * are missing offline). If the style cannot be loaded, a plain background replaces it so the
 * points still draw; that, or tiles of which none loads, is told as a missing base map.
 */
import {
  type GeoJSONSource,
  type LayerSpecification,
  type MapGeoJSONFeature,
  Map as MapLibreMap,
  Marker,
  NavigationControl,
  type StyleSpecification,
  setWorkerUrl,
} from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import * as markers from './map-markers.css';
import {
  baseMapWatch,
  type CreateMapView,
  type LngLat,
  MAP_DEFAULTS,
  type MapPoint,
  type RenderedMap,
} from './map-view';
import { clusterSize, pickupFeatures, russianTextField } from './pickup-features';

const SOURCE = 'pickup-points';
const POINTS = 'pickup-points';
const CHOSEN = 'pickup-chosen';
const BRAND = '#1d4ed8';
const CHOSEN_COLOUR = '#b91c1c';
/** 28 px across: radius plus stroke, the product's pickup marker size. */
const POINT_RADIUS = MAP_DEFAULTS.markerSize.pickup / 2 - 4;

const PLAIN_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef2f6' } }],
};

const RUSSIAN_CONTROLS = {
  'NavigationControl.ZoomIn': 'Приблизить',
  'NavigationControl.ZoomOut': 'Отдалить',
  'NavigationControl.ResetBearing': 'Повернуть на север',
  'AttributionControl.ToggleAttribution': 'Источники карты',
  'Marker.Title': 'Вы здесь',
};

function pointLayers(): LayerSpecification[] {
  return [
    {
      id: POINTS,
      type: 'circle',
      source: SOURCE,
      filter: ['!', ['has', 'point_count']],
      paint: {
        'circle-radius': POINT_RADIUS,
        'circle-color': '#ffffff',
        'circle-stroke-width': 4,
        'circle-stroke-color': BRAND,
      },
    },
    {
      id: CHOSEN,
      type: 'circle',
      source: SOURCE,
      filter: ['==', ['get', 'id'], -1],
      paint: {
        'circle-radius': POINT_RADIUS + 2,
        'circle-color': '#ffffff',
        'circle-stroke-width': 6,
        'circle-stroke-color': CHOSEN_COLOUR,
      },
    },
  ];
}

/** Place names in Russian wherever the style's tiles carry them. */
function showRussianLabels(map: MapLibreMap) {
  for (const layer of map.getStyle().layers ?? []) {
    if (layer.type !== 'symbol') continue;
    const field = russianTextField(map.getLayoutProperty(layer.id, 'text-field'));
    if (field) map.setLayoutProperty(layer.id, 'text-field', field);
  }
}

function clusterElement(count: number, onClick: () => void): HTMLElement {
  const element = document.createElement('div');
  const size = `${clusterSize(count)}px`;
  element.className = markers.cluster;
  element.style.width = size;
  element.style.height = size;
  element.textContent = String(count);
  element.setAttribute('aria-hidden', 'true');
  element.dataset.cluster = String(count);
  element.addEventListener('click', (event) => {
    event.stopPropagation();
    onClick();
  });
  return element;
}

export const createMapView: CreateMapView = async (container, sources) => {
  setWorkerUrl(workerUrl);
  const map = new MapLibreMap({
    container,
    style: sources.styleUrl ?? PLAIN_STYLE,
    center: [MAP_DEFAULTS.center.lon, MAP_DEFAULTS.center.lat],
    zoom: MAP_DEFAULTS.zoom,
    minZoom: MAP_DEFAULTS.minZoom,
    maxZoom: MAP_DEFAULTS.maxZoom,
    attributionControl: { compact: true },
    locale: RUSSIAN_CONTROLS,
    dragRotate: false,
    pitchWithRotate: false,
  });
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  map.touchZoomRotate.disableRotation();
  // The list is the keyboard and screen-reader path: the canvas is neither a tab stop nor a
  // second landmark inside the component's labelled region.
  const canvas = map.getCanvas();
  canvas.tabIndex = -1;
  canvas.removeAttribute('role');
  canvas.setAttribute('aria-hidden', 'true');

  let points: readonly MapPoint[] = [];
  let chosen: number | null = null;
  let styleLoaded = false;
  const selectListeners: Array<(id: number) => void> = [];
  const renderListeners: Array<(rendered: RenderedMap) => void> = [];
  const clusterMarkers = new Map<number, Marker>();
  let userMarker: Marker | null = null;
  let onUserMove: ((location: LngLat) => void) | undefined;

  const source = () => map.getSource<GeoJSONSource>(SOURCE);

  const addPoints = () => {
    styleLoaded = true;
    showRussianLabels(map);
    map.addSource(SOURCE, {
      type: 'geojson',
      data: pickupFeatures(points) as GeoJSON.FeatureCollection,
      cluster: true,
      clusterRadius: MAP_DEFAULTS.clusterRadius,
      clusterMaxZoom: MAP_DEFAULTS.clusterMaxZoom,
    });
    for (const layer of pointLayers()) map.addLayer(layer);
    map.setFilter(CHOSEN, ['==', ['get', 'id'], chosen ?? -1]);
  };
  map.on('style.load', addPoints);

  const baseMap = baseMapWatch(sources.styleUrl === null);
  // No style (offline, a tile server down): points on a plain background rather than no map.
  map.on('error', (event) => {
    if (!styleLoaded) {
      styleLoaded = true;
      map.setStyle(PLAIN_STYLE);
      baseMap.lost();
      return;
    }
    // A tile of the base map that would not load; the points' own source has no tiles to fetch.
    const { sourceId } = event as { sourceId?: string };
    if (sourceId && sourceId !== SOURCE) baseMap.tileFailed();
  });
  map.on('sourcedata', (event) => {
    if (event.sourceId !== SOURCE && event.tile) baseMap.tileLoaded();
  });

  const zoomInto = async (clusterId: number, center: [number, number]) => {
    const zoom = await source()
      ?.getClusterExpansionZoom(clusterId)
      .catch(() => map.getZoom() + 2);
    map.easeTo({ center, zoom: Math.min(zoom ?? map.getZoom() + 2, MAP_DEFAULTS.maxZoom) });
  };

  // Cluster markers follow the clusters the source holds for the current view.
  const syncClusters = () => {
    if (!map.getSource(SOURCE) || !map.isSourceLoaded(SOURCE)) return;
    const seen = new Set<number>();
    for (const feature of map.querySourceFeatures(SOURCE, { filter: ['has', 'point_count'] })) {
      const id = Number(feature.properties.cluster_id);
      if (seen.has(id)) continue; // a feature may sit in several tiles
      seen.add(id);
      if (clusterMarkers.has(id)) continue;
      const center = (feature.geometry as GeoJSON.Point).coordinates as [number, number];
      const marker = new Marker({
        element: clusterElement(Number(feature.properties.point_count), () => void zoomInto(id, center)),
      })
        .setLngLat(center)
        .addTo(map);
      clusterMarkers.set(id, marker);
    }
    for (const [id, marker] of clusterMarkers) {
      if (seen.has(id)) continue;
      marker.remove();
      clusterMarkers.delete(id);
    }
  };
  map.on('render', syncClusters);

  const report = () => {
    if (!map.getLayer(POINTS)) return;
    const size = map.getContainer().getBoundingClientRect();
    const inside = (x: number, y: number) => x >= 0 && y >= 0 && x <= size.width && y <= size.height;
    const clusters = [...clusterMarkers.values()]
      .map((marker) => {
        const { x, y } = map.project(marker.getLngLat());
        return { count: Number(marker.getElement().dataset.cluster), x: Math.round(x), y: Math.round(y) };
      })
      .filter((c) => inside(c.x, c.y));
    const shown = new Map<number, RenderedMap['points'][number]>();
    for (const feature of map.queryRenderedFeatures({ layers: [POINTS] }) as MapGeoJSONFeature[]) {
      const [lon, lat] = (feature.geometry as GeoJSON.Point).coordinates as [number, number];
      const { x, y } = map.project([lon, lat]);
      const id = Number(feature.properties.id);
      shown.set(id, { id, x: Math.round(x), y: Math.round(y) });
    }
    for (const listener of renderListeners) listener({ clusters, points: [...shown.values()] });
  };
  map.on('idle', report);

  const flyTo = (location: LngLat, zoom?: number) =>
    map.easeTo({ center: [location.lon, location.lat], zoom: zoom ?? map.getZoom() });

  map.on('click', POINTS, (event) => {
    const id = Number(event.features?.[0]?.properties.id);
    if (Number.isFinite(id)) for (const listener of selectListeners) listener(id);
  });
  map.on('mouseenter', POINTS, () => {
    map.getCanvas().style.cursor = 'pointer';
  });
  map.on('mouseleave', POINTS, () => {
    map.getCanvas().style.cursor = '';
  });

  return {
    setPoints(next) {
      points = next;
      source()?.setData(pickupFeatures(points) as GeoJSON.FeatureCollection);
    },
    onSelect(listener) {
      selectListeners.push(listener);
    },
    onRender(listener) {
      renderListeners.push(listener);
    },
    onBaseMap: baseMap.listen,
    setSelected(pointId, reveal) {
      chosen = pointId;
      if (map.getLayer(CHOSEN)) map.setFilter(CHOSEN, ['==', ['get', 'id'], pointId ?? -1]);
      const point = points.find((p) => p.id === pointId);
      if (reveal && point) flyTo(point, Math.max(map.getZoom(), MAP_DEFAULTS.revealZoom));
    },
    setUserLocation(location: LngLat, onMove) {
      onUserMove = onMove;
      if (!userMarker) {
        const element = document.createElement('div');
        element.className = markers.user;
        const marker = new Marker({ element, draggable: true });
        marker.on('dragend', () => {
          const { lng, lat } = marker.getLngLat();
          onUserMove?.({ lon: lng, lat });
        });
        // A marker needs its place before it joins the map: its first update reads it.
        userMarker = marker.setLngLat([location.lon, location.lat]).addTo(map);
      }
      userMarker.setLngLat([location.lon, location.lat]);
    },
    flyTo,
    destroy() {
      map.remove();
    },
  };
};
