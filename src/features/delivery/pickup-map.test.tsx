// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataLayerContext } from '../../api/data-layer';
import { fakePage, json } from '../../api/test-helpers';
import { testDb } from '../../db/test-db';
import type { LngLat, MapView } from '../../ui/map/map-view';
import type { PickupPoint } from './point-search';
import { pickupPoint } from './test-points';

/** What the component asked of the view, and a way to click a point as the library would. */
const drawn = {
  provider: '' as string,
  selected: [] as Array<[number | null, boolean]>,
  users: [] as LngLat[],
  select: ((_id: number) => undefined) as (id: number) => void,
  /** Tells the component the base map went missing (or came back), as a provider would. */
  baseMap: ((_missing: boolean) => undefined) as (missing: boolean) => void,
};
const failing = new Set<string>();

function fakeView(provider: string) {
  return async (): Promise<MapView> => {
    if (failing.has(provider)) throw new Error(`${provider} cannot draw here`);
    drawn.provider = provider;
    return {
      setPoints: () => undefined,
      onSelect: (listener) => {
        drawn.select = listener;
      },
      onRender: (listener) => listener({ clusters: [{ count: 2, x: 10, y: 10 }], points: [] }),
      onBaseMap: (listener) => {
        drawn.baseMap = listener;
        listener(false);
      },
      setSelected: (id, reveal) => void drawn.selected.push([id, reveal]),
      setUserLocation: (location) => void drawn.users.push(location),
      flyTo: () => undefined,
      destroy: () => undefined,
    };
  };
}

vi.mock('../../ui/map/maplibre-view', () => ({ createMapView: fakeView('maplibre') }));
vi.mock('../../ui/map/leaflet-view', () => ({ createMapView: fakeView('leaflet') }));
vi.mock('../../ui/map/map-provider', async (original) => ({
  ...(await original<typeof import('../../ui/map/map-provider')>()),
  detectWebGl: () => true,
}));

const { PickupMap } = await import('./pickup-map');

const POINTS = [pickupPoint({ id: 7, name: 'Тверская' }), pickupPoint({ id: 9, name: 'Арбат' })];

beforeEach(() => {
  failing.clear();
  drawn.provider = '';
  drawn.selected = [];
  drawn.users = [];
  localStorage.clear();
});
afterEach(cleanup);

function renderMap(chosenId: number | null = null) {
  const chosen: PickupPoint[] = [];
  const located: LngLat[] = [];
  const fake = fakePage('/order/step-4');
  fake.page.answer = () =>
    json({ styleUrl: 'http://tiles.test/style.json', rasterTileUrl: 'http://tiles.test/{z}/{x}/{y}.png' });
  const api = fake.api();

  const element = (id: number | null) => (
    <DataLayerContext.Provider value={{ api, db: testDb() }}>
      <PickupMap
        points={POINTS}
        chosenId={id}
        onChoose={(p) => chosen.push(p)}
        onLocate={(l) => located.push(l)}
      />
    </DataLayerContext.Provider>
  );
  const view = render(element(chosenId));
  const block = () => view.container.querySelector('[data-map-provider]') as HTMLElement;
  return { chosen, located, block, rerender: (id: number | null) => view.rerender(element(id)) };
}

describe('the pickup map component', () => {
  it('draws with MapLibre, and a point clicked on the map is chosen without moving the map', async () => {
    const { chosen, block, rerender } = renderMap();
    await waitFor(() => expect(block().dataset.mapState).toBe('ready'));
    expect(block().dataset.mapProvider).toBe('maplibre');
    expect(block().dataset.clusters).toBe('1');
    act(() => drawn.select(9));
    expect(chosen.map((p) => p.name)).toEqual(['Арбат']);
    rerender(9);
    await waitFor(() => expect(drawn.selected.at(-1)).toEqual([9, false]));
    // Chosen in the list instead: the map goes to the point.
    rerender(7);
    await waitFor(() => expect(drawn.selected.at(-1)).toEqual([7, true]));
  });

  it('falls back to Leaflet when MapLibre cannot start, and switches back and forth on demand', async () => {
    failing.add('maplibre');
    const { block } = renderMap();
    await waitFor(() => expect(block().dataset.mapProvider).toBe('leaflet'));
    await waitFor(() => expect(block().dataset.mapState).toBe('ready'));
    failing.clear();
    fireEvent.click(screen.getByRole('button', { name: /^Другая карта/ }));
    await waitFor(() => expect(drawn.provider).toBe('maplibre'));
    expect(localStorage.getItem('perevod.mapProvider')).toBe('maplibre');
  });

  it('says the map is unavailable when neither map can be drawn, and hides the empty box', async () => {
    failing.add('maplibre');
    failing.add('leaflet');
    const { block } = renderMap();
    await screen.findByText('Карта сейчас недоступна — выберите пункт в списке ниже.');
    expect(block().dataset.mapState).toBe('failed');
  });

  it('says so when the streets under the points cannot load, and stops saying it once they do', async () => {
    const { block } = renderMap();
    await waitFor(() => expect(block().dataset.mapState).toBe('ready'));
    const note =
      /Улицы на карте не загрузились \(нет связи с сервером карт\), но пункты на ней на своих местах/;
    expect(screen.queryByText(note)).toBeNull();
    act(() => drawn.baseMap(true));
    expect(await screen.findByText(note)).toBeTruthy();
    expect(block().dataset.baseMap).toBe('missing');
    // The list still does the job beside it.
    expect(screen.getByRole('region', { name: /Карта пунктов выдачи/ })).toBeTruthy();
    act(() => drawn.baseMap(false));
    await waitFor(() => expect(screen.queryByText(note)).toBeNull());
  });

  it('puts the customer on the map when located, and says in Russian why not when refused', async () => {
    const answers: Array<(success: PositionCallback, failure: PositionErrorCallback) => void> = [
      (_s, failure) => failure({ code: 1 } as GeolocationPositionError),
      (success) => success({ coords: { latitude: 55.76, longitude: 37.6 } } as GeolocationPosition),
    ];
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (s: PositionCallback, f: PositionErrorCallback) => answers.shift()?.(s, f),
      },
    });
    const { block, located } = renderMap();
    await waitFor(() => expect(block().dataset.mapState).toBe('ready'));
    fireEvent.click(screen.getByRole('button', { name: 'Пункты рядом со мной' }));
    await screen.findByText(/^Доступ к местоположению запрещён/);
    fireEvent.click(screen.getByRole('button', { name: 'Пункты рядом со мной' }));
    await screen.findByText(/отсортированы по расстоянию/);
    expect(drawn.users).toEqual([{ lon: 37.6, lat: 55.76 }]);
    expect(located).toEqual([{ lon: 37.6, lat: 55.76 }]);
  });
});
