/**
 * Step 4's question: how the customer gets the translation. The delivery types come from the
 * catalogue; a pickup point is chosen from the list (search by name, address or metro; the list
 * works from the keyboard and with screen readers, and offline from the stored copy); a courier
 * needs the address, with suggestions through the server (the price is the delivery's tariff until
 * a courier service is connected: check-price answers 404 until then).
 */
import { useState } from 'react';
import { useCachedQuery } from '../../api/use-cached-query';
import type { DraftPayload } from '../../db/drafts';
import { formatRubles } from '../../domain/format';
import { DataFreshness } from '../../ui/data-freshness';
import * as form from '../../ui/form.css';
import { FieldError, TextField } from '../../ui/text-field';
import * as styles from '../order-form/order-form.css';
import type { FormParams } from '../order-form/order-model';
import { AddressField } from './address-field';
import { type PickupPoint, searchPoints } from './point-search';

export function DeliveryChoice({
  catalogue,
  values,
  problems,
  onChange,
}: {
  catalogue: FormParams;
  values: DraftPayload;
  problems: Record<string, string>;
  onChange: (patch: DraftPayload) => void;
}) {
  const chosen = catalogue.deliveries.find((d) => d.id === values.deliveryId);
  const error = problems.deliveryId;
  return (
    <>
      <fieldset
        className={error ? `${styles.fieldset} ${form.fieldInError}` : styles.fieldset}
        aria-describedby={error ? 'deliveryId-error' : undefined}
      >
        <legend className={styles.legend}>Как получить перевод</legend>
        {error ? <FieldError id="deliveryId-error" message={error} /> : null}
        {catalogue.deliveries.map((delivery, index) => (
          <label key={delivery.id} className={styles.option}>
            <input
              id={index === 0 ? 'deliveryId' : undefined}
              type="radio"
              name="deliveryId"
              className={styles.checkbox}
              checked={values.deliveryId === delivery.id}
              onChange={() =>
                onChange({
                  deliveryId: delivery.id,
                  deliveryType: delivery.code,
                  deliveryPrice: delivery.price,
                })
              }
            />
            <span className={styles.optionName}>
              {delivery.type}
              <span className={form.hint}> — {delivery.time}</span>
            </span>
            <span className={styles.price}>
              {delivery.price > 0 ? formatRubles(delivery.price) : 'бесплатно'}
            </span>
          </label>
        ))}
      </fieldset>
      {chosen?.code === 'PICKUP_POINT' ? (
        <PointPicker
          value={values.pickupPointId ?? null}
          error={problems.pickupPointId}
          onChange={onChange}
        />
      ) : null}
      {chosen?.code === 'COURIER' ? (
        <AddressField
          value={values.address ?? ''}
          error={problems.address}
          onChange={(address) => onChange({ address })}
        />
      ) : null}
    </>
  );
}

function PointPicker({
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
  const found = searchPoints(points.data ?? [], query);
  return (
    <fieldset
      className={error ? `${styles.fieldset} ${form.fieldInError}` : styles.fieldset}
      aria-describedby={error ? 'pickupPointId-error' : undefined}
    >
      <legend className={styles.legend}>Пункт выдачи</legend>
      <DataFreshness fetchedAt={points.fetchedAt} isOffline={points.isOffline} />
      {error ? <FieldError id="pickupPointId-error" message={error} /> : null}
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
        <ul className={styles.pointList} aria-label="Пункты выдачи">
          {found.map((point, index) => (
            <li key={point.id}>
              <PointCard
                point={point}
                first={index === 0}
                checked={value === point.id}
                onChoose={() => onChange({ pickupPointId: point.id, pickupPointCode: point.code })}
              />
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function PointCard({
  point,
  first,
  checked,
  onChoose,
}: {
  point: PickupPoint;
  first: boolean;
  checked: boolean;
  onChoose: () => void;
}) {
  return (
    <label className={styles.pointCard}>
      <span className={styles.option}>
        <input
          id={first ? 'pickupPointId' : undefined}
          type="radio"
          name="pickupPointId"
          className={styles.checkbox}
          checked={checked}
          onChange={onChoose}
        />
        <strong className={styles.optionName}>{point.name}</strong>
      </span>
      <span>{point.address}</span>
      {point.metro ? (
        <span className={styles.metro}>
          <span
            className={styles.metroDot}
            style={{ background: point.metroColor ?? 'currentColor' }}
            aria-hidden="true"
          />
          м. {point.metro}
        </span>
      ) : null}
      <span className={form.hint}>{point.schedule}</span>
    </label>
  );
}
