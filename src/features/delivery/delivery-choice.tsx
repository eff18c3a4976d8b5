/**
 * Step 4's question: how the customer gets the translation. The delivery types come from the
 * catalogue; an office is chosen from the bureau's offices (office-picker.tsx), a pickup point on
 * the map or in the list (point-picker.tsx); a courier
 * needs the address, with suggestions through the server (the price is the delivery's tariff until
 * a courier service is connected: check-price answers 404 until then).
 */
import type { components } from '../../api/schema.gen';
import type { DraftPayload } from '../../db/drafts';
import { formatRubles } from '../../domain/format';
import * as form from '../../ui/form.css';
import * as choices from '../../ui/order/order-choices.css';
import { FieldError } from '../../ui/text-field';
import { AddressField } from './address-field';
import { OfficePicker } from './office-picker';
import { PointPicker } from './point-picker';

/** What step 4 hands its delivery question: the catalogue, the draft, its problems, a way to change it. */
export interface DeliveryChoiceProps {
  catalogue: components['schemas']['FormParams'];
  values: DraftPayload;
  problems: Record<string, string>;
  onChange: (patch: DraftPayload) => void;
}

export function DeliveryChoice({ catalogue, values, problems, onChange }: DeliveryChoiceProps) {
  const chosen = catalogue.deliveries.find((d) => d.id === values.deliveryId);
  const error = problems.deliveryId;
  return (
    <>
      <fieldset
        className={error ? `${choices.fieldset} ${form.fieldInError}` : choices.fieldset}
        aria-describedby={error ? 'deliveryId-error' : undefined}
      >
        <legend className={choices.legend}>Как получить перевод</legend>
        {error ? <FieldError id="deliveryId-error" message={error} /> : null}
        {catalogue.deliveries.map((delivery, index) => (
          <label key={delivery.id} className={choices.option}>
            <input
              id={index === 0 ? 'deliveryId' : undefined}
              type="radio"
              name="deliveryId"
              className={choices.checkbox}
              checked={values.deliveryId === delivery.id}
              onChange={() =>
                onChange({
                  deliveryId: delivery.id,
                  deliveryType: delivery.code,
                  deliveryPrice: delivery.price,
                })
              }
            />
            <span className={choices.optionName}>
              {delivery.type}
              <span className={form.hint}> — {delivery.time}</span>
            </span>
            <span className={choices.price}>
              {delivery.price > 0 ? formatRubles(delivery.price) : 'бесплатно'}
            </span>
          </label>
        ))}
      </fieldset>
      {chosen?.code === 'OFFICE' ? (
        <OfficePicker value={values.officeId ?? null} error={problems.officeId} onChange={onChange} />
      ) : null}
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
