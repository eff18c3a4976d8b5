/**
 * The form of one office: name, address, schedule, phone, email, its place on the map, and
 * whether customers may choose it. An empty answer from the server says «Сервер вернул пустой ответ».
 */
import type { FormEvent } from 'react';
import { useDataLayer } from '../../api/data-layer';
import type { components } from '../../api/schema.gen';
import { CheckboxField } from '../../ui/choice-group';
import { ErrorSummary } from '../../ui/error-summary';
import { byField } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { coordinateProblem, PositionPicker } from '../../ui/map/position-picker';
import { TextField } from '../../ui/text-field';
import { SubmitRow, useCardForm } from '../../ui/write-form';

export type Office = components['schemas']['Office'];
type OfficeValues = Record<
  'name' | 'address' | 'schedule' | 'phone' | 'email' | 'lat' | 'lon' | 'isActive',
  string
>;

export const EMPTY_ANSWER = 'Сервер вернул пустой ответ';

const required = (label: string) => (text: string) => (text.trim() === '' ? `Введите ${label}` : null);

export const validateOffice = byField<OfficeValues>({
  'office-name': (v) => required('название офиса')(v.name),
  'office-address': (v) => required('адрес')(v.address),
  'office-schedule': (v) => required('часы работы')(v.schedule),
  'office-phone': (v) =>
    v.phone.trim() === '' || /^\+?[0-9 ()-]{10,20}$/.test(v.phone.trim())
      ? null
      : 'Введите телефон, например +7 495 123-45-67',
  'office-email': (v) =>
    v.email.trim() === '' || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v.email.trim())
      ? null
      : 'Введите email, например office@perevod.ru',
  'office-lat': (v) => coordinateProblem(v.lat, 'lat'),
  'office-lon': (v) => coordinateProblem(v.lon, 'lon'),
});

const valuesOf = (office?: Office): OfficeValues => ({
  name: office?.name ?? '',
  address: office?.address ?? '',
  schedule: office?.schedule ?? '',
  phone: office?.phone ?? '',
  email: office?.email ?? '',
  lat: office ? String(office.lat) : '',
  lon: office ? String(office.lon) : '',
  isActive: String(office?.isActive ?? true),
});

export function OfficeForm({
  office,
  offline,
  onSaved,
}: {
  office?: Office;
  offline: boolean;
  onSaved: () => Promise<void>;
}) {
  const { api } = useDataLayer();
  const { values, setValues, set, errors, busy, outcome, submit } = useCardForm<OfficeValues>(
    valuesOf(office),
    validateOffice,
    offline,
  );
  async function save(event: FormEvent) {
    await submit(event, async (typed) => {
      const body = {
        name: typed.name.trim(),
        address: typed.address.trim(),
        schedule: typed.schedule.trim(),
        phone: typed.phone.trim() || null,
        email: typed.email.trim() || null,
        lat: Number(typed.lat.replace(',', '.')),
        lon: Number(typed.lon.replace(',', '.')),
        isActive: typed.isActive === 'true',
      };
      const answer = office
        ? await api.client.PUT('/api/office', { body: { ...body, id: office.id } })
        : await api.client.POST('/api/office', { body });
      // Spec 8: a create or update that answers nothing is an error, not a success.
      if (!answer.data) throw new Error(EMPTY_ANSWER);
      await onSaved();
      return office ? 'Изменения сохранены' : `Офис «${answer.data.name}» добавлен`;
    });
  }
  return (
    <form
      className={form.form}
      noValidate
      aria-label={office ? `Изменить офис ${office.name}` : 'Новый офис'}
      onSubmit={(e) => void save(e)}
    >
      <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
      <TextField
        id="office-name"
        label="Название"
        value={values.name}
        error={errors.problems['office-name']}
        onValueChange={set('name')}
      />
      <TextField
        id="office-address"
        label="Адрес"
        value={values.address}
        error={errors.problems['office-address']}
        onValueChange={set('address')}
      />
      <TextField
        id="office-schedule"
        label="Часы работы"
        hint="Например «Пн–Пт 9:00–20:00, Сб 10:00–16:00»"
        value={values.schedule}
        error={errors.problems['office-schedule']}
        onValueChange={set('schedule')}
      />
      <TextField
        id="office-phone"
        label="Телефон (необязательно)"
        type="tel"
        value={values.phone}
        error={errors.problems['office-phone']}
        onValueChange={set('phone')}
      />
      <TextField
        id="office-email"
        label="Email (необязательно)"
        type="email"
        value={values.email}
        error={errors.problems['office-email']}
        onValueChange={set('email')}
      />
      <PositionPicker
        idPrefix="office"
        lat={values.lat}
        lon={values.lon}
        errors={{ lat: errors.problems['office-lat'], lon: errors.problems['office-lon'] }}
        onChange={(position) => {
          const next = { ...values, ...position };
          setValues(next);
          errors.recheck(next);
        }}
      />
      <CheckboxField
        id="office-isActive"
        label="Клиенты могут выбрать этот офис"
        checked={values.isActive === 'true'}
        onCheckedChange={(c) => set('isActive')(String(c))}
      />
      <SubmitRow
        outcome={outcome}
        busy={busy}
        offline={offline}
        label={office ? 'Сохранить' : 'Добавить офис'}
      />
    </form>
  );
}
