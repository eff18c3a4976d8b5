// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataLayerContext } from '../../api/data-layer';
import { fakePage, json } from '../../api/test-helpers';
import type { DraftPayload } from '../../db/drafts';
import { testDb } from '../../db/test-db';
import type { PickupPoint } from './point-search';
import { pickupPoint } from './test-points';

// The map itself is drawn by a library in the browser suite; here a stand-in offers each point
// as a button, so the test sees that a choice on the map is handled exactly like one in the list.
vi.mock('./pickup-map', () => ({
  PickupMap: ({ points, onChoose }: { points: PickupPoint[]; onChoose: (point: PickupPoint) => void }) => (
    <div>
      {points.map((point) => (
        <button key={point.id} type="button" onClick={() => onChoose(point)}>
          На карте: {point.name}
        </button>
      ))}
    </div>
  ),
}));

const { PointPicker } = await import('./point-picker');

afterEach(cleanup);

const POINTS = [
  pickupPoint({
    id: 7,
    code: 'MSK-TV',
    name: 'Тверская',
    address: 'Москва, ул. Тверская, 18',
    schedule: 'Ежедневно 9:00–21:00',
    metro: 'Пушкинская',
    metroColor: '#8D5B2D',
    description: 'Вход со двора, второй подъезд.',
    photos: ['/api/files/points/7-1.jpg', '/api/files/points/7-2.jpg'],
  }),
  pickupPoint({ id: 9, code: null, name: 'Арбат', address: 'Москва, ул. Арбат, 10', metro: 'Арбатская' }),
];

function renderPicker() {
  const patches: DraftPayload[] = [];
  const fake = fakePage('/order/step-4');
  fake.page.answer = (request) =>
    json(
      request.url.includes('/api/point/active')
        ? POINTS
        : { styleUrl: 'http://tiles.test/style.json', rasterTileUrl: 'http://tiles.test/{z}/{x}/{y}.png' },
    );
  const api = fake.api();
  function Picker() {
    const [value, setValue] = useState<number | null>(null);
    return (
      <PointPicker
        value={value}
        error={undefined}
        onChange={(patch) => {
          patches.push(patch);
          setValue(patch.pickupPointId ?? null);
        }}
      />
    );
  }
  render(
    <DataLayerContext.Provider value={{ api, db: testDb() }}>
      <Picker />
    </DataLayerContext.Provider>,
  );
  return { patches };
}

describe('choosing a pickup point', () => {
  it('on the map fills the draft exactly like the list, and the card shows the point in full', async () => {
    const { patches } = renderPicker();
    fireEvent.click(await screen.findByRole('button', { name: 'На карте: Тверская' }));
    await waitFor(() => expect(patches).toEqual([{ pickupPointId: 7, pickupPointCode: 'MSK-TV' }]));

    const card = screen.getByRole('region', { name: 'Выбран пункт: Тверская' });
    expect(card.textContent).toContain('Москва, ул. Тверская, 18');
    expect(card.textContent).toContain('м. Пушкинская');
    expect(card.textContent).toContain('Часы работы: Ежедневно 9:00–21:00');
    expect(card.textContent).toContain('Как найти: Вход со двора, второй подъезд.');
    const photos = within(card).getAllByRole('img');
    expect(photos.map((img) => img.getAttribute('src'))).toEqual(POINTS[0]?.photos);
    expect(photos[0]?.getAttribute('alt')).toBe('Тверская, фото 1 из 2');
    expect((screen.getByRole('radio', { name: /Тверская/ }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: /Арбат/ }));
    await waitFor(() => expect(patches.at(-1)).toEqual({ pickupPointId: 9, pickupPointCode: null }));
    const other = screen.getByRole('region', { name: 'Выбран пункт: Арбат' }).textContent;
    expect(other).not.toContain('Часы работы: Ежедневно');
    expect(other).not.toContain('Как найти');
  });

  it('search narrows the map and the list alike', async () => {
    renderPicker();
    await screen.findByRole('button', { name: 'На карте: Арбат' });
    fireEvent.change(screen.getByLabelText('Поиск по названию, адресу или метро'), {
      target: { value: 'пушкинская' },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'На карте: Арбат' })).toBeNull());
    expect(screen.getByRole('button', { name: 'На карте: Тверская' })).toBeTruthy();
    expect(screen.getAllByRole('radio').length).toBe(1);
  });
});
