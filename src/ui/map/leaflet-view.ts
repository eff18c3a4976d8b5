/**
 * MapView on Leaflet with marker clustering (raster tiles, no WebGL): the lighter provider, loaded
 * only when the customer switches to it or the device has no WebGL. Styles come from the packages
 * and are bundled; nothing is fetched from a CDN. Markers are HTML, so they draw without tiles.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import * as markers from './map-markers.css';
import {
  baseMapWatch,
  type CreateMapView,
  type LngLat,
  MAP_DEFAULTS,
  type MapPoint,
  type RenderedMap,
} from './map-view';
import { clusterSize, isPlaceable } from './pickup-features';

const ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

function pointIcon(chosen: boolean): L.DivIcon {
  const size = MAP_DEFAULTS.markerSize.pickup;
  return L.divIcon({
    className: chosen ? `${markers.point} ${markers.pointChosen}` : markers.point,
    iconSize: [size, size],
    html: '',
  });
}

function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const count = cluster.getChildCount();
  const size = clusterSize(count);
  const label = document.createElement('span');
  label.textContent = String(count);
  return L.divIcon({ className: markers.cluster, iconSize: [size, size], html: label });
}

export const createMapView: CreateMapView = async (container, sources) => {
  // The plugin is a script that extends the global L: give it ours before it runs.
  (globalThis as { L?: typeof L }).L = L;
  await import('leaflet.markercluster');

  const map = L.map(container, {
    center: [MAP_DEFAULTS.center.lat, MAP_DEFAULTS.center.lon],
    zoom: MAP_DEFAULTS.zoom,
    minZoom: MAP_DEFAULTS.minZoom,
    maxZoom: MAP_DEFAULTS.maxZoom,
    // The list is the keyboard path; the map is not a tab stop.
    keyboard: false,
  });
  map.attributionControl.setPrefix(false);
  map.zoomControl
    .getContainer()
    ?.querySelectorAll('a')
    .forEach((link) => {
      link.tabIndex = -1;
    });
  const baseMap = baseMapWatch(sources.rasterTileUrl === null);
  if (sources.rasterTileUrl) {
    L.tileLayer(sources.rasterTileUrl, {
      attribution: ATTRIBUTION,
      minZoom: MAP_DEFAULTS.minZoom,
      maxZoom: MAP_DEFAULTS.maxZoom,
    })
      // Tiles that will not load leave grey squares: said as a missing base map until one loads.
      .on('tileerror', baseMap.tileFailed)
      .on('tileload', baseMap.tileLoaded)
      .addTo(map);
  }

  const group = L.markerClusterGroup({
    maxClusterRadius: MAP_DEFAULTS.clusterRadius,
    disableClusteringAtZoom: MAP_DEFAULTS.clusterMaxZoom + 1,
    showCoverageOnHover: false,
    iconCreateFunction: clusterIcon,
  });
  group.addTo(map);

  let points: readonly MapPoint[] = [];
  let chosen: number | null = null;
  const byId = new Map<number, L.Marker>();
  const selectListeners: Array<(id: number) => void> = [];
  const renderListeners: Array<(rendered: RenderedMap) => void> = [];
  let userMarker: L.Marker | null = null;
  let onUserMove: ((location: LngLat) => void) | undefined;

  const report = () => {
    const box = container.getBoundingClientRect();
    const at = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return {
        x: Math.round(rect.left + rect.width / 2 - box.left),
        y: Math.round(rect.top + rect.height / 2 - box.top),
      };
    };
    const clusters = [...container.querySelectorAll(`.${markers.cluster}`)].map((element) => ({
      count: Number(element.textContent),
      ...at(element),
    }));
    const shown = [...byId.entries()]
      .filter(([, marker]) => group.getVisibleParent(marker) === marker)
      .map(([id, marker]) => {
        const element = marker.getElement();
        return element ? { id, ...at(element) } : null;
      })
      .filter((p): p is RenderedMap['points'][number] => p !== null);
    for (const listener of renderListeners) listener({ clusters, points: shown });
  };
  // markercluster redraws after its own animation, which ends after moveend.
  const reportSoon = () => window.setTimeout(report, 350);
  map.on('moveend zoomend', reportSoon);
  group.on('animationend', reportSoon);

  const flyTo = (location: LngLat, zoom?: number) =>
    map.setView([location.lat, location.lon], zoom ?? map.getZoom());

  return {
    setPoints(next) {
      points = next;
      group.clearLayers();
      byId.clear();
      for (const point of points.filter(isPlaceable)) {
        const marker = L.marker([point.lat, point.lon], {
          icon: pointIcon(point.id === chosen),
          title: point.name,
          keyboard: false,
        });
        marker.on('click', () => {
          for (const listener of selectListeners) listener(point.id);
        });
        byId.set(point.id, marker);
      }
      group.addLayers([...byId.values()]);
      reportSoon();
    },
    onSelect(listener) {
      selectListeners.push(listener);
    },
    onRender(listener) {
      renderListeners.push(listener);
    },
    onBaseMap: baseMap.listen,
    setSelected(pointId, reveal) {
      const previous = chosen === null ? undefined : byId.get(chosen);
      previous?.setIcon(pointIcon(false));
      chosen = pointId;
      const marker = pointId === null ? undefined : byId.get(pointId);
      marker?.setIcon(pointIcon(true));
      const point = points.find((p) => p.id === pointId);
      if (reveal && point) flyTo(point, Math.max(map.getZoom(), MAP_DEFAULTS.revealZoom));
    },
    setUserLocation(location, onMove) {
      onUserMove = onMove;
      if (!userMarker) {
        const size = MAP_DEFAULTS.markerSize.user;
        const marker = L.marker([location.lat, location.lon], {
          icon: L.divIcon({ className: markers.user, iconSize: [size, size], html: '' }),
          draggable: true,
          keyboard: false,
          title: 'Вы здесь',
          zIndexOffset: 1000,
        });
        marker.on('dragend', () => {
          const { lat, lng } = marker.getLatLng();
          onUserMove?.({ lon: lng, lat });
        });
        userMarker = marker.addTo(map);
      }
      userMarker.setLatLng([location.lat, location.lon]);
    },
    flyTo,
    destroy() {
      map.remove();
    },
  };
};
