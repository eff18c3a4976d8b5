/**
 * The form of one pickup point: name, address, schedule, place on the map, metro station and
 * its line colour, phone, email, description. Photos are added once the point exists
 * (point-photos.tsx), each sent on its own.
 */
import type { FormEvent } from 'react';
import { useDataLayer } from '../../api/data-layer';
import type { components } from '../../api/schema.gen';
import { METRO_LINES } from '../../domain/metro-lines';
import { ErrorSummary } from '../../ui/error-summary';
import { byField } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { coordinateProblem, PositionPicker } from '../../ui/map/position-picker';
import { TextField } from '../../ui/text-field';
import { ColourSelect } from '../../ui/widgets/colour-select';
import { SubmitRow, useCardForm } from '../../ui/write-form';

export type PickupPoint = components['schemas']['PickupPoint'];
type PointValues = Record<
  | 'name'
  | 'address'
  | 'schedule'
  | 'lat'
  | 'lon'
  | 'metro'
  | 'metroColor'
  | 'phone'
  | 'email'
  | 'description',
  string
>;

const required = (label: string, max: number) => (text: string) =>
  text.trim() === '' ? `Введите ${label}` : text.length > max ? `Не длиннее ${max} символов` : null;

export const validatePoint = byField<PointValues>({
  'point-name': (v) => required('название пункта', 200)(v.name),
  'point-address': (v) => required('адрес', 500)(v.address),
  'point-schedule': (v) => required('часы работы', 300)(v.schedule),
  'point-lat': (v) => coordinateProblem(v.lat, 'lat'),
  'point-lon': (v) => coordinateProblem(v.lon, 'lon'),
  'point-phone': (v) =>
    v.phone.trim() === '' || /^\+?[0-9 ()-]{10,20}$/.test(v.phone.trim())
      ? null
      : 'Введите телефон, например +7 495 123-45-67',
  'point-email': (v) =>
    v.email.trim() === '' || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v.email.trim())
      ? null
      : 'Введите email, например pvz@example.ru',
  'point-description': (v) => (v.description.length > 2000 ? 'Описание не длиннее 2000 символов' : null),
});

const valuesOf = (point?: PickupPoint): PointValues => ({
  name: point?.name ?? '',
  address: point?.address ?? '',
  schedule: point?.schedule ?? '',
  lat: point ? String(point.lat) : '',
  lon: point ? String(point.lon) : '',
  metro: point?.metro ?? '',
  metroColor: point?.metroColor?.toLowerCase() ?? '',
  phone: point?.phone ?? '',
  email: point?.email ?? '',
  description: point?.description ?? '',
});

export function PointForm(props: {
  partnerId: number;
  point?: PickupPoint;
  offline: boolean;
  onSaved: (point: PickupPoint) => Promise<void>;
}) {
  const { partnerId, point, offline, onSaved } = props;
  const { api } = useDataLayer();
  const { values, setValues, set, errors, busy, outcome, submit } = useCardForm<PointValues>(
    valuesOf(point),
    validatePoint,
    offline,
  );
  async function save(event: FormEvent) {
    await submit(event, async (typed) => {
      const body = {
        name: typed.name.trim(),
        address: typed.address.trim(),
        schedule: typed.schedule.trim(),
        lat: Number(typed.lat.replace(',', '.')),
        lon: Number(typed.lon.replace(',', '.')),
        partnerId,
        metro: typed.metro.trim() || null,
        metroColor: typed.metroColor || null,
        phone: typed.phone.trim() || null,
        email: typed.email.trim() || null,
        description: typed.description.trim() || null,
        type: 'PARTNER' as const,
      };
      const answer = point
        ? await api.client.PUT('/api/point', { body: { ...body, id: point.id } })
        : await api.client.POST('/api/point', { body: { ...body, isActive: true } });
      if (!answer.data) throw new Error('Сервер вернул пустой ответ');
      await onSaved(answer.data);
      return point
        ? 'Изменения сохранены'
        : `Пункт «${answer.data.name}» добавлен. Теперь можно добавить фотографии.`;
    });
  }
  const text = (key: keyof PointValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      id={`point-${key}`}
      label={label}
      value={values[key]}
      error={errors.problems[`point-${key}`]}
      onValueChange={set(key)}
      {...extra}
    />
  );
  return (
    <form
      className={form.form}
      noValidate
      aria-label={point ? `Изменить пункт ${point.name}` : 'Новый пункт выдачи'}
      onSubmit={(e) => void save(e)}
    >
      <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
      {text('name', 'Название')}
      {text('address', 'Адрес')}
      {text('schedule', 'Часы работы', { hint: 'Например «Пн–Вс 10:00–21:00»' })}
      <PositionPicker
        idPrefix="point"
        lat={values.lat}
        lon={values.lon}
        errors={{ lat: errors.problems['point-lat'], lon: errors.problems['point-lon'] }}
        onChange={(position) => {
          const next = { ...values, ...position };
          setValues(next);
          errors.recheck(next);
        }}
      />
      {text('metro', 'Станция метро (необязательно)')}
      <ColourSelect
        id="point-metroColor"
        label="Линия метро (необязательно)"
        colours={METRO_LINES}
        value={values.metroColor || null}
        onValueChange={set('metroColor')}
        placeholder="Выберите линию"
      />
      {text('phone', 'Телефон (необязательно)', { type: 'tel' })}
      {text('email', 'Email (необязательно)', { type: 'email' })}
      {text('description', 'Как найти (необязательно)', { multiline: true, rows: 3 })}
      <SubmitRow
        outcome={outcome}
        busy={busy}
        offline={offline}
        label={point ? 'Сохранить' : 'Добавить пункт'}
      />
    </form>
  );
}
