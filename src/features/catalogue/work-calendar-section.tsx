/**
 * «Срочность и календарь» in the form settings (ADMIN): the urgency surcharge, whether the notary
 * works Saturdays, the bureau's own days off and the weekend days it works (a later decree's moved
 * working day). The state's holidays of the shipped years are already counted, and listed here so
 * nobody enters them twice. Saved whole (PUT /api/form-settings/work-calendar); orders already
 * placed keep their promised dates, new orders and the form's estimate use the new calendar.
 */
import { type FormEvent, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useCachedQuery } from '../../api/use-cached-query';
import { formatDay } from '../../domain/day-text';
import {
  isoWeekday,
  isStateWorkingDay,
  SHIPPED_CALENDAR_YEARS,
  stateDaysOff,
} from '../../domain/work-calendar';
import { button } from '../../ui/button';
import { CheckboxField } from '../../ui/choice-group';
import { ErrorSummary } from '../../ui/error-summary';
import type { Problems } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { TextField } from '../../ui/text-field';
import { SubmitRow, useCardForm } from '../../ui/write-form';
import * as styles from './catalogue.css';

type Settings = NonNullable<ReturnType<typeof useCachedQuery<'/api/form-settings/work-calendar'>>['data']>;
type List = 'off' | 'work';
type Values = Record<string, string>;

const dateKey = (list: List, row: number) => `${list}-${row}-date`;
const noteKey = (list: List, row: number) => `${list}-${row}-note`;
const fieldId = (key: string) => `calendar-${key}`;

function valuesOf(settings: Settings): { values: Values; rows: Record<List, number[]> } {
  const values: Values = {
    urgentPercent: String(settings.urgentPercent).replace('.', ','),
    notarySaturday: String(settings.notarySaturday),
  };
  const rows: Record<List, number[]> = { off: [], work: [] };
  const fill = (list: List, days: Settings['daysOff']) =>
    days.forEach((day, row) => {
      values[dateKey(list, row)] = day.date;
      values[noteKey(list, row)] = day.note;
      rows[list].push(row);
    });
  fill('off', settings.daysOff);
  fill('work', settings.workingDays);
  return { values, rows };
}

/** Checks what an ADMIN typed as the server will, in the same words, before sending. */
export function validateCalendar(rows: Record<List, number[]>) {
  return (values: Values): Problems => {
    const problems: Problems = {};
    const percent = Number((values.urgentPercent ?? '').replace(',', '.'));
    if (!/^\d{1,3}([.,]\d{1,2})?$/.test((values.urgentPercent ?? '').trim()) || percent > 300)
      problems[fieldId('urgentPercent')] = 'Введите наценку за срочность числом от 0 до 300';
    const seen = new Set<string>();
    for (const list of ['off', 'work'] as const)
      for (const row of rows[list]) {
        const key = dateKey(list, row);
        const date = values[key] ?? '';
        const text = date.split('-').reverse().join('.');
        if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) problems[fieldId(key)] = 'Выберите дату';
        else if (seen.has(date)) problems[fieldId(key)] = `День ${text} указан дважды`;
        else if (list === 'work' && isoWeekday(date) < 6)
          problems[fieldId(key)] =
            `${text} — будний день: рабочим можно сделать только субботу или воскресенье`;
        else if (list === 'off' && !isStateWorkingDay(date))
          problems[fieldId(key)] = `${text} и так нерабочий день по производственному календарю`;
        seen.add(date);
        if ((values[noteKey(list, row)] ?? '').length > 200)
          problems[fieldId(noteKey(list, row))] = 'Пояснение — не длиннее 200 символов';
      }
    return problems;
  };
}

export function WorkCalendarSection() {
  const query = useCachedQuery('/api/form-settings/work-calendar');
  return (
    <section className={page.card} aria-labelledby="calendar-title">
      <h2 id="calendar-title" className={page.subtitle}>
        Срочность и календарь
      </h2>
      {query.data ? (
        // Started from the copy first read; after a save it keeps what was typed (and saved).
        <CalendarForm settings={query.data} offline={query.isOffline} onSaved={query.refetch} />
      ) : (
        <QueryState what="календарь" error={query.error} onRetry={() => void query.refetch()} />
      )}
    </section>
  );
}

function CalendarForm(props: { settings: Settings; offline: boolean; onSaved: () => Promise<void> }) {
  const { api } = useDataLayer();
  const initial = valuesOf(props.settings);
  const [rows, setRows] = useState(initial.rows);
  const [next, setNext] = useState(100);
  const { values, setValues, set, errors, busy, outcome, submit } = useCardForm<Values>(
    initial.values,
    validateCalendar(rows),
    props.offline,
  );
  const add = (list: List) => {
    setRows((current) => ({ ...current, [list]: [...current[list], next] }));
    setValues((current) => ({ ...current, [dateKey(list, next)]: '', [noteKey(list, next)]: '' }));
    setNext(next + 1);
  };
  const remove = (list: List, row: number) =>
    setRows((current) => ({ ...current, [list]: current[list].filter((item) => item !== row) }));
  const daysOf = (typed: Values, list: List) =>
    rows[list].map((row) => ({
      date: typed[dateKey(list, row)] ?? '',
      note: (typed[noteKey(list, row)] ?? '').trim(),
    }));
  const save = (event: FormEvent) =>
    submit(event, async (typed) => {
      await api.client.PUT('/api/form-settings/work-calendar', {
        body: {
          urgentPercent: Number((typed.urgentPercent ?? '0').replace(',', '.')),
          notarySaturday: typed.notarySaturday === 'true',
          daysOff: daysOf(typed, 'off'),
          workingDays: daysOf(typed, 'work'),
        },
      });
      await props.onSaved();
      return 'Календарь сохранён: новые заказы и форма считают сроки по нему';
    });
  const dayRows = (list: List, label: string) =>
    rows[list].map((row) => (
      <div key={row} className={styles.calendarRow}>
        <TextField
          id={fieldId(dateKey(list, row))}
          label={label}
          type="date"
          value={values[dateKey(list, row)] ?? ''}
          error={errors.problems[fieldId(dateKey(list, row))]}
          onValueChange={set(dateKey(list, row))}
        />
        <TextField
          id={fieldId(noteKey(list, row))}
          label="Пояснение (необязательно)"
          maxLength={200}
          value={values[noteKey(list, row)] ?? ''}
          error={errors.problems[fieldId(noteKey(list, row))]}
          onValueChange={set(noteKey(list, row))}
        />
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => remove(list, row)}>
          Убрать<span className="visually-hidden"> день {values[dateKey(list, row)] || ''}</span>
        </button>
      </div>
    ));
  return (
    <form
      className={form.form}
      noValidate
      aria-label="Срочность и календарь"
      onSubmit={(event) => void save(event)}
    >
      <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
      <TextField
        id={fieldId('urgentPercent')}
        label="Наценка за срочность, %"
        hint="Прибавляется к цене перевода (не заверения и не доставки); срок перевода — вдвое короче"
        inputMode="decimal"
        autoComplete="off"
        value={values.urgentPercent ?? ''}
        error={errors.problems[fieldId('urgentPercent')]}
        onValueChange={set('urgentPercent')}
      />
      <CheckboxField
        id={fieldId('notarySaturday')}
        label="Нотариус работает по субботам"
        checked={values.notarySaturday === 'true'}
        onCheckedChange={(checked) => set('notarySaturday')(String(checked))}
      />
      <fieldset className={styles.calendarList}>
        <legend className={form.label}>Выходные бюро</legend>
        <p className={form.hint}>Дни, когда бюро не работает, хотя по календарю они рабочие.</p>
        {dayRows('off', 'Выходной')}
        <p>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => add('off')}>
            Добавить выходной
          </button>
        </p>
      </fieldset>
      <fieldset className={styles.calendarList}>
        <legend className={form.label}>Рабочие субботы и воскресенья</legend>
        <p className={form.hint}>Например, перенесённый рабочий день из постановления о переносе выходных.</p>
        {dayRows('work', 'Рабочий день')}
        <p>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => add('work')}>
            Добавить рабочий день
          </button>
        </p>
      </fieldset>
      <details>
        <summary>Праздники, которые уже учтены</summary>
        {SHIPPED_CALENDAR_YEARS.map((year) => (
          <p key={year}>
            <strong>{year}:</strong>{' '}
            {stateDaysOff(year)
              .map((day) => formatDay(day))
              .join(', ')}
          </p>
        ))}
        <p className={form.hint}>
          Выходные по производственному календарю, выпадающие на будни. Дни переноса из постановления на 2027
          год добавьте выше, когда оно выйдет.
        </p>
      </details>
      <SubmitRow outcome={outcome} busy={busy} offline={props.offline} label="Сохранить календарь" />
    </form>
  );
}
