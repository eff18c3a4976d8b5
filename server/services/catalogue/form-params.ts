/**
 * The order form's catalogue as the public form gets it: each kind's active items in the form's
 * order with the fields its contract lists (prices only: costs are the bureau's own), and the
 * languages. The kinds and their public fields are form-setting-kinds.ts.
 */
import { asc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { LANGUAGES } from '../../../src/domain/languages';
import type { Database } from '../../db/client';
import {
  FORM_SETTING_KINDS,
  type FormSettingKind,
  type FormSettingKindSpec,
  type PublicItemOf,
} from './form-setting-kinds';

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

export async function getFormParams(db: Database): Promise<Schemas['FormParams']> {
  const [documents, assurances, deliveries] = await Promise.all([
    publicItems(db, 'DOCUMENT'),
    publicItems(db, 'ASSURANCE'),
    publicItems(db, 'DELIVERY'),
  ]);
  return {
    documents,
    assurances,
    deliveries,
    languages: LANGUAGES.map(({ code, name }) => ({ code, name })),
  };
}
