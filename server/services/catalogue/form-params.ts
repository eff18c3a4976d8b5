/**
 * The order form's catalogue as the public form gets it: each kind's active items in the form's
 * order with the fields its contract lists (prices only: costs are the bureau's own), the
 * languages, and the urgency and calendar settings the form's estimate needs (the bureau's own
 * days from today on). The kinds and their public fields are form-setting-kinds.ts.
 */
import { asc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { LANGUAGES } from '../../../src/domain/languages';
import { moscowDate } from '../../../src/domain/moscow-time';
import type { Database } from '../../db/client';
import {
  FORM_SETTING_KINDS,
  type FormSettingKind,
  type FormSettingKindSpec,
  type PublicItemOf,
} from './form-setting-kinds';
import { loadWorkCalendar } from './work-calendar';

type Schemas = components['schemas'];

async function publicItems<K extends FormSettingKind>(db: Database, kind: K): Promise<PublicItemOf<K>[]> {
  const spec = FORM_SETTING_KINDS[kind] as FormSettingKindSpec<FormSettingKind>;
  const { table } = spec;
  const rows: Record<string, unknown>[] = await db
    .select()
    .from(table)
    .where(eq(table.isActive, true))
    .orderBy(asc(table.sortOrder), asc(table.id));
  const fields = Object.keys(spec.publicFields);
  // Every field of the contract's public item, and no other (form-setting-kinds.ts checks the list).
  return rows.map((row) =>
    Object.fromEntries(fields.map((field) => [field, row[field]])),
  ) as PublicItemOf<K>[];
}

export async function getFormParams(db: Database, now = new Date()): Promise<Schemas['FormParams']> {
  const [documents, assurances, deliveries, calendar] = await Promise.all([
    publicItems(db, 'DOCUMENT'),
    publicItems(db, 'ASSURANCE'),
    publicItems(db, 'DELIVERY'),
    loadWorkCalendar(db),
  ]);
  const today = moscowDate(now);
  const upcoming = (days: readonly { date: string }[]) =>
    days.map((day) => day.date).filter((date) => date >= today);
  return {
    documents,
    assurances,
    deliveries,
    languages: LANGUAGES.map(({ code, name }) => ({ code, name })),
    schedule: {
      urgentPercent: calendar.urgentPercent,
      notarySaturday: calendar.notarySaturday,
      daysOff: upcoming(calendar.daysOff),
      workingDays: upcoming(calendar.workingDays),
    },
  };
}
