/**
 * Choosing the office to collect the translation at (delivery OFFICE): the bureau's active
 * offices from GET /api/office, each with its address, hours, phone and a map link. The first is
 * chosen for the customer when none is, so one office needs no choice at all; the choice fills
 * officeId of the draft. Read through the stored copy, so the list shows offline too.
 */
import { useEffect } from 'react';
import type { DraftPayload } from '../../db/drafts';
import * as form from '../../ui/form.css';
import * as choices from '../../ui/order/order-choices.css';
import { FieldError } from '../../ui/text-field';
import * as delivery from './delivery.css';
import { mapLink, type Office, useActiveOffices } from './offices';

export function OfficePicker({
  value,
  error,
  onChange,
}: {
  value: number | null;
  error: string | undefined;
  onChange: (patch: DraftPayload) => void;
}) {
  const { offices, query } = useActiveOffices();
  const first = offices?.[0];
  const known = offices?.some((office) => office.id === value) ?? false;
  // The first office stands chosen until the customer picks another (or one closed meanwhile).
  useEffect(() => {
    if (first && !known) onChange({ officeId: first.id });
  }, [first, known, onChange]);
  return (
    <fieldset
      className={error ? `${choices.fieldset} ${form.fieldInError}` : choices.fieldset}
      aria-describedby={error ? 'officeId-error' : undefined}
    >
      <legend className={choices.legend}>Офис</legend>
      {error ? <FieldError id="officeId-error" message={error} /> : null}
      {offices === undefined ? (
        <p className={form.hint}>
          {query.error
            ? 'Список офисов не загрузился: выберите офис, когда появится сеть'
            : 'Загружаем офисы…'}
        </p>
      ) : (
        <ul className={delivery.officeList} aria-label="Офисы">
          {offices.map((office, index) => (
            <li key={office.id}>
              <OfficeOption
                office={office}
                first={index === 0}
                checked={value === office.id || (!known && index === 0)}
                onChoose={() => onChange({ officeId: office.id })}
              />
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function OfficeOption({
  office,
  first,
  checked,
  onChoose,
}: {
  office: Office;
  first: boolean;
  checked: boolean;
  onChoose: () => void;
}) {
  return (
    <div className={delivery.officeCard}>
      <label className={delivery.officeChoice}>
        <span className={choices.option}>
          <input
            id={first ? 'officeId' : undefined}
            type="radio"
            name="officeId"
            className={choices.checkbox}
            checked={checked}
            onChange={onChoose}
          />
          <strong className={choices.optionName}>{office.name}</strong>
        </span>
        <span>{office.address}</span>
        <span className={form.hint}>Часы работы: {office.schedule}</span>
        {office.phone ? <span className={form.hint}>Телефон: {office.phone}</span> : null}
      </label>
      {/* Outside the label: following the link must not also choose the office. */}
      <a href={mapLink(office)} target="_blank" rel="noopener noreferrer" className={delivery.mapLink}>
        Показать на карте<span className="visually-hidden"> {office.name} (откроется в новой вкладке)</span>
      </a>
    </div>
  );
}
