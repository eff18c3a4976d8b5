/**
 * Step 4's question: how the customer gets the translation. The delivery types come from the
 * catalogue; a pickup point is chosen on the map or in the list (point-picker.tsx); a courier
 * needs the address, with suggestions through the server (the price is the delivery's tariff until
 * a courier service is connected: check-price answers 404 until then).
 */
import type { DraftPayload } from '../../db/drafts';
import { formatRubles } from '../../domain/format';
import * as form from '../../ui/form.css';
import { FieldError } from '../../ui/text-field';
import * as styles from '../order-form/order-form.css';
import type { FormParams } from '../order-form/order-model';
import { AddressField } from './address-field';
import { PointPicker } from './point-picker';

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
