/**
 * Choosing the pickup point: the map (pointer and touch) above the list (keyboard, screen readers,
 * and the fallback when no map can be drawn), both filtered by the same search and sharing one
 * choice, which fills pickupPointId and pickupPointCode of the draft. Once the customer is located
 * (or drops their marker), the list is sorted nearest first with distances.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { useCachedQuery } from '../../api/use-cached-query';
import type { DraftPayload } from '../../db/drafts';
import { DataFreshness } from '../../ui/data-freshness';
import * as form from '../../ui/form.css';
import type { LngLat } from '../../ui/map/map-view';
import * as choices from '../../ui/order/order-choices.css';
import { FieldError, TextField } from '../../ui/text-field';
import { ChosenPointCard } from './chosen-point-card';
import * as delivery from './delivery.css';
import { MetroLine } from './metro-line';
import * as mapStyles from './pickup-map.css';
import { distanceKm, formatDistance, nearestFirst } from './point-distance';
import { type PickupPoint, searchPoints } from './point-search';

// Its own chunk: the map's code is fetched only once a pickup point is being chosen.
const PickupMap = lazy(() => import('./pickup-map').then(({ PickupMap }) => ({ default: PickupMap })));

export function PointPicker({
  value,
  error,
  onChange,
}: {
  value: number | null;
  error: string | undefined;
  onChange: (patch: DraftPayload) => void;
}) {
  const points = useCachedQuery('/api/point/active', { kind: 'public' });
  const [query, setQuery] = useState('');
  const [user, setUser] = useState<LngLat | null>(null);
  const found = useMemo(
    () => nearestFirst(searchPoints(points.data ?? [], query), user),
    [points.data, query, user],
  );
  const chosen = points.data?.find((point) => point.id === value);
  const choose = (point: PickupPoint) => onChange({ pickupPointId: point.id, pickupPointCode: point.code });
  return (
    <fieldset
      className={error ? `${choices.fieldset} ${form.fieldInError}` : choices.fieldset}
      aria-describedby={error ? 'pickupPointId-error' : undefined}
    >
      <legend className={choices.legend}>Пункт выдачи</legend>
      <DataFreshness of={points} />
      {error ? <FieldError id="pickupPointId-error" message={error} /> : null}
      {points.data !== undefined ? (
        <Suspense fallback={<p className={form.hint}>Загружаем карту…</p>}>
          <PickupMap points={found} chosenId={value} onChoose={choose} onLocate={setUser} />
        </Suspense>
      ) : null}
      {chosen ? <ChosenPointCard point={chosen} /> : null}
      <TextField
        id="pickupPointSearch"
        label="Поиск по названию, адресу или метро"
        type="search"
        value={query}
        onValueChange={setQuery}
      />
      {points.data === undefined ? (
        <p className={form.hint}>{points.error ? points.error.message : 'Загружаем пункты выдачи…'}</p>
      ) : found.length === 0 ? (
        <p className={form.hint}>Ничего не найдено</p>
      ) : (
        <ul className={delivery.pointList} aria-label="Пункты выдачи">
          {found.map((point, index) => (
            <li key={point.id}>
              <PointOption
                point={point}
                first={index === 0}
                checked={value === point.id}
                distance={user ? formatDistance(distanceKm(user, point)) : null}
                onChoose={() => choose(point)}
              />
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function PointOption({
  point,
  first,
  checked,
  distance,
  onChoose,
}: {
  point: PickupPoint;
  first: boolean;
  checked: boolean;
  distance: string | null;
  onChoose: () => void;
}) {
  return (
    <label className={delivery.pointCard}>
      <span className={choices.option}>
        <input
          id={first ? 'pickupPointId' : undefined}
          type="radio"
          name="pickupPointId"
          className={choices.checkbox}
          checked={checked}
          onChange={onChoose}
        />
        <strong className={choices.optionName}>{point.name}</strong>
        {distance ? <span className={mapStyles.distance}>{distance}</span> : null}
      </span>
      <span>{point.address}</span>
      {point.metro ? <MetroLine metro={point.metro} colour={point.metroColor} /> : null}
      <span className={form.hint}>{point.schedule}</span>
    </label>
  );
}
