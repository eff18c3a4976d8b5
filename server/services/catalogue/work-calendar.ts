/**
 * Urgency and the bureau's calendar, as an ADMIN sets them in «Настройки формы»: the urgency
 * surcharge, whether the notary works Saturdays, the bureau's own days off and the weekend days
 * it works. One row of the settings table; the state's holidays ship with the app
 * (src/domain/work-calendar.ts). The order form reads the schedule from today on (form-params),
 * and a new order is promised its date from the same values (order-reads.ts reads the row).
 */
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { components } from '../../../src/api/schema.gen';
import type { WorkSchedule } from '../../../src/domain/due-date';
import { isoWeekday, isStateWorkingDay } from '../../../src/domain/work-calendar';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';
import { ProductError } from '../../errors';
import { type CatalogueActor, type ChangeEntry, recordChanges } from './changes';

export type WorkCalendarSettings = components['schemas']['WorkCalendarSettings'];
type CalendarDay = WorkCalendarSettings['daysOff'][number];

export const WORK_CALENDAR_KEY = 'work-calendar';

export const DEFAULT_WORK_CALENDAR: WorkCalendarSettings = {
  urgentPercent: 50,
  notarySaturday: false,
  daysOff: [],
  workingDays: [],
};

const Day = v.object({ date: v.string(), note: v.string() });
const Stored = v.object({
  urgentPercent: v.number(),
  notarySaturday: v.boolean(),
  daysOff: v.array(Day),
  workingDays: v.array(Day),
});

/** The stored settings, or the defaults when none are stored or the stored ones do not parse. */
export function workCalendarOf(value: unknown): WorkCalendarSettings {
  const parsed = v.safeParse(Stored, value);
  return parsed.success ? parsed.output : DEFAULT_WORK_CALENDAR;
}

/** What the due-date rule takes from the settings. */
export const scheduleOf = (calendar: WorkCalendarSettings): WorkSchedule => ({
  daysOff: calendar.daysOff.map((day) => day.date),
  workingDays: calendar.workingDays.map((day) => day.date),
  notarySaturday: calendar.notarySaturday,
});

/** The settings row as one SQL value, for statements that read it beside other things. */
export const workCalendarValue = sql`(select ${settings.value} from ${settings} where ${settings.key} = ${WORK_CALENDAR_KEY})`;

export async function loadWorkCalendar(db: Database): Promise<WorkCalendarSettings> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, WORK_CALENDAR_KEY));
  return workCalendarOf(row?.value);
}

const invalid = (path: string, message: string) =>
  new ProductError('validation', 'VALIDATION_ERROR', message, [{ path, message }]);

const dayText = (date: string) => date.split('-').reverse().join('.');

/** Each list's days sorted, notes trimmed; a day twice, a day off that is one already, or a working weekday refused. */
function checkedDays(days: readonly CalendarDay[], list: 'daysOff' | 'workingDays'): CalendarDay[] {
  const seen = new Set<string>();
  days.forEach((day, index) => {
    const path = `/body/${list}/${index}/date`;
    if (seen.has(day.date)) throw invalid(path, `День ${dayText(day.date)} указан дважды`);
    seen.add(day.date);
    const weekend = isoWeekday(day.date) >= 6;
    if (list === 'workingDays' && !weekend)
      throw invalid(
        path,
        `${dayText(day.date)} — будний день: рабочим можно сделать только субботу или воскресенье`,
      );
    if (list === 'daysOff' && !isStateWorkingDay(day.date))
      throw invalid(path, `${dayText(day.date)} и так нерабочий день по производственному календарю`);
  });
  return [...days]
    .map((day) => ({ date: day.date, note: day.note.trim() }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
}

const listText = (days: readonly CalendarDay[]) =>
  days.map((day) => (day.note ? `${dayText(day.date)} (${day.note})` : dayText(day.date))).join(', ') || null;

/** Saves the whole settings in one transaction with an audit entry per changed value. */
export async function saveWorkCalendar(
  db: Database,
  input: WorkCalendarSettings,
  actor: CatalogueActor,
): Promise<WorkCalendarSettings> {
  const next: WorkCalendarSettings = {
    urgentPercent: Math.round(input.urgentPercent * 100) / 100,
    notarySaturday: input.notarySaturday,
    daysOff: checkedDays(input.daysOff, 'daysOff'),
    workingDays: checkedDays(input.workingDays, 'workingDays'),
  };
  const clash = next.daysOff.find((day) => next.workingDays.some((working) => working.date === day.date));
  if (clash) throw invalid('/body/daysOff', `${dayText(clash.date)} не может быть и выходным, и рабочим`);
  return db.transaction(async (tx) => {
    // Locked, so two admins saving at once write one after the other and both entries are true.
    const [row] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, WORK_CALENDAR_KEY))
      .for('update');
    const before = workCalendarOf(row?.value);
    const entries: ChangeEntry[] = [];
    const changed = (
      field: string,
      oldValue: string | number | boolean | null,
      newValue: typeof oldValue,
    ) => {
      if (String(oldValue) !== String(newValue))
        entries.push({ action: 'UPDATED', field, oldValue, newValue });
    };
    changed('urgentPercent', before.urgentPercent, next.urgentPercent);
    changed('notarySaturday', before.notarySaturday, next.notarySaturday);
    changed('daysOff', listText(before.daysOff), listText(next.daysOff));
    changed('workingDays', listText(before.workingDays), listText(next.workingDays));
    await tx
      .insert(settings)
      .values({ key: WORK_CALENDAR_KEY, value: next, updatedAt: new Date() })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
    await recordChanges(tx, { entity: 'WORK_CALENDAR', entityId: 1, actor }, entries);
    return next;
  });
}
