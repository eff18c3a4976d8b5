/**
 * What the order form offers, as staff edit it: document types, assurances and deliveries —
 * list, create, change, remove (or hide, when orders refer to the row) and reorder, the same for
 * the three kinds, each described in form-setting-kinds.ts. Every write runs in one transaction
 * with its audit entries (changes.ts). Writes of one kind take that table's lock (SHARE ROW
 * EXCLUSIVE: readers go on, writers queue), so two admins reordering or adding at once leave
 * positions 1…n with no duplicate and no gap. The caller invalidates the public catalogue.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { MAX_MONEY } from '../../../src/domain/money';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notFound, ProductError } from '../../errors';
import type { AnswerOf, BodyOf } from '../../operation-types';
import { type CatalogueActor, type ChangeEntry, fieldChanges, recordChanges } from './changes';
import {
  type FieldRule,
  FORM_SETTING_KINDS,
  type FormSettingKind,
  type FormSettingKindSpec,
  type InputOf,
  type ItemOf,
  type OperationsOf,
} from './form-setting-kinds';
import { hideOrDelete } from './removal';

export type { FormSettingKind };

export const validationError = (path: string, message: string) =>
  new ProductError('validation', 'VALIDATION_ERROR', message, [{ path, message }]);

/** A name as the form shows it: trimmed, and not empty once trimmed. */
export function cleanName(value: string, path: string, message: string): string {
  const name = value.trim();
  if (!name) throw validationError(path, message);
  return name;
}

/** The contract lets a document's price come as «1200,50»: the server reads it as rubles. */
export function moneyValue(value: number | string, path: string): number {
  const amount = typeof value === 'number' ? value : Number(value.replace(',', '.'));
  if (!Number.isFinite(amount) || amount < 0) throw validationError(path, 'Введите сумму числом');
  if (amount > MAX_MONEY) throw validationError(path, 'Сумма — не больше 100 000 000 ₽');
  return Math.round(amount * 100) / 100;
}

/** The optional fields a request gave (absent ones keep their stored value on a change). */
export function given<T extends Record<string, unknown>>(
  values: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

type Row = Record<string, unknown> & { id: number; type: string; sortOrder: number; isActive: boolean };
/** A kind's description, read the same way for the three (the kind's own types are in its spec). */
const kindOf = (kind: FormSettingKind) => FORM_SETTING_KINDS[kind] as FormSettingKindSpec<FormSettingKind>;
const fieldsOf = (kind: FormSettingKind) => Object.entries(kindOf(kind).fields) as [string, FieldRule][];

/** Names as people tell them apart: letter case and spaces around or between words do not count. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('ru');

/**
 * Two items of a kind under one name would show the customer two «Паспорт» to choose from: a name
 * another item of the kind has (shown or hidden) is refused beside the name field, in the kind's
 * words (form-setting-kinds.ts, `nameTaken`). Called under the table's lock, so two admins adding
 * the same name at once cannot both pass. The table is a price list of tens of rows, compared
 * here rather than by the database, whose lower() may not know Cyrillic.
 */
async function refuseTakenName(tx: Database, kind: FormSettingKind, name: string, ownId?: number) {
  const spec = kindOf(kind);
  const rows = await tx
    .select({ id: spec.table.id, type: spec.table.type, isActive: spec.table.isActive })
    .from(spec.table);
  const other = rows.find((row) => row.id !== ownId && nameKey(row.type) === nameKey(name));
  if (!other) return;
  const message = spec.nameTaken(other.type, !other.isActive);
  throw new ProductError('conflict', 'CONFLICT', message, [{ path: '/body/type', message }]);
}

/** Serialises writers of one table for the rest of the transaction (readers are not blocked). */
async function lockTable(tx: Database, kind: FormSettingKind): Promise<void> {
  await tx.execute(sql`lock table ${kindOf(kind).table} in share row exclusive mode`);
}

async function nextSortOrder(tx: Database, kind: FormSettingKind): Promise<number> {
  const table = kindOf(kind).table;
  const [row] = await rowsOf<{ next: number | string }>(
    tx,
    sql`select coalesce(max(${table.sortOrder}), 0) + 1 as next from ${table}`,
  );
  return Number(row?.next ?? 1);
}

/** The row values a request sets, read by each field's rule; fields it leaves out are absent. */
function rowValues(kind: FormSettingKind, input: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [field, rule] of fieldsOf(kind)) {
    const value = input[field];
    if (rule === 'name')
      values[field] = cleanName(String(value ?? ''), `/body/${field}`, kindOf(kind).nameMissing);
    else if (value === undefined) continue;
    else if (rule === 'money') values[field] = moneyValue(value as number | string, `/body/${field}`);
    else if (rule === 'text') values[field] = String(value).trim();
    else values[field] = value;
  }
  return values;
}

/** An item as the back office gets it: its id, its fields and its place in the form. */
function itemOf(kind: FormSettingKind, row: Row): Record<string, unknown> {
  const item: Record<string, unknown> = { id: row.id, sortOrder: row.sortOrder };
  for (const [field] of fieldsOf(kind)) item[field] = row[field];
  return item;
}

/** Every item of the kind, in the form's order, with costs and hidden ones. */
export async function listFormSettings<K extends FormSettingKind>(
  db: Database,
  kind: K,
): Promise<AnswerOf<OperationsOf<K>['list']>> {
  const table = kindOf(kind).table;
  const rows = (await db.select().from(table).orderBy(asc(table.sortOrder), asc(table.id))) as Row[];
  // Each item is the kind's contract answer: form-setting-kinds.ts checks its fields against it.
  return rows.map((row) => itemOf(kind, row)) as AnswerOf<OperationsOf<K>['list']>;
}

/** A new item of the kind, last in the form, with its creation and its starting prices recorded. */
export async function createFormSetting<K extends FormSettingKind>(
  db: Database,
  kind: K,
  input: InputOf<K>,
  actor: CatalogueActor,
): Promise<ItemOf<K>> {
  const values = rowValues(kind, input);
  const table = kindOf(kind).table;
  const row = await db.transaction(async (tx) => {
    await lockTable(tx, kind);
    await refuseTakenName(tx, kind, String(values.type));
    const [created] = (await tx
      .insert(table)
      .values({ ...(values as { type: string; price: number }), sortOrder: await nextSortOrder(tx, kind) })
      .returning()) as Row[];
    if (!created) throw new Error('insert returned nothing');
    const prices: ChangeEntry[] = fieldsOf(kind)
      .filter(([, rule]) => rule === 'money')
      .map(([field]) => ({ action: 'UPDATED', field, oldValue: null, newValue: created[field] as number }));
    await recordChanges(tx, { entity: kind, entityId: created.id, actor }, [
      { action: 'CREATED', newValue: created.type },
      ...prices,
    ]);
    return created;
  });
  return itemOf(kind, row) as ItemOf<K>;
}

/**
 * Changes an item of the kind and records each moved field. The table is locked for writers, as on
 * an add, so a rename cannot pass another admin's new item of the same name.
 */
export async function updateFormSetting<K extends FormSettingKind>(
  db: Database,
  kind: K,
  input: BodyOf<OperationsOf<K>['update']>,
  actor: CatalogueActor,
): Promise<AnswerOf<OperationsOf<K>['update']>> {
  const { id } = input as { id: number };
  const values = rowValues(kind, input as Record<string, unknown>);
  const spec = kindOf(kind);
  const where = eq(spec.table.id, id);
  const row = await db.transaction(async (tx) => {
    await lockTable(tx, kind);
    const [before] = (await tx.select().from(spec.table).where(where).for('update')) as Row[];
    if (!before) throw notFound(spec.notFound);
    await refuseTakenName(tx, kind, String(values.type), id);
    const [after] = (await tx
      .update(spec.table)
      .set({ ...values, updatedAt: new Date() })
      .where(where)
      .returning()) as Row[];
    if (!after) throw notFound(spec.notFound);
    const fields = fieldsOf(kind).map(([field]) => field);
    await recordChanges(tx, { entity: kind, entityId: id, actor }, fieldChanges(before, values, fields));
    return after;
  });
  return itemOf(kind, row) as AnswerOf<OperationsOf<K>['update']>;
}

export async function removeFormSetting(
  db: Database,
  kind: FormSettingKind,
  id: number,
  actor: CatalogueActor,
): Promise<AnswerOf<'deleteDocumentSetting'>> {
  const spec = kindOf(kind);
  const table = spec.table;
  return db.transaction(async (tx) => {
    await lockTable(tx, kind);
    const [row] = await tx
      .select({ name: table.type, isActive: table.isActive })
      .from(table)
      .where(eq(table.id, id));
    if (!row) throw notFound(spec.notFound);
    const references = await spec.references(tx, id);
    return hideOrDelete(tx, {
      entity: kind,
      id,
      actor,
      name: spec.named(row.name),
      isActive: row.isActive,
      references: references > 0 ? [`заказы (${references})`] : [],
      hiddenOutcome: 'HIDDEN',
      hide: async () => {
        await tx.update(table).set({ isActive: false, updatedAt: new Date() }).where(eq(table.id, id));
      },
      remove: async () => {
        await tx.delete(table).where(eq(table.id, id));
      },
    });
  });
}

/**
 * Sets the positions asked for, then numbers the whole list 1…n, and answers the list: rows not named keep their
 * place, a named row goes before an unnamed one at the same position. An id no longer in the
 * list (deleted by another admin meanwhile) is skipped; one given twice refuses the request (400).
 */
export async function reorderFormSettings<K extends FormSettingKind>(
  db: Database,
  kind: K,
  items: BodyOf<OperationsOf<K>['reorder']>['items'],
  actor: CatalogueActor,
): Promise<AnswerOf<OperationsOf<K>['reorder']>> {
  const table = kindOf(kind).table;
  await db.transaction(async (tx) => {
    await lockTable(tx, kind);
    const rows = await tx
      .select({ id: table.id, sortOrder: table.sortOrder })
      .from(table)
      .orderBy(table.sortOrder, table.id);
    const known = new Set(rows.map((row) => row.id));
    const wanted = new Map<number, number>();
    items.forEach((item, index) => {
      // Deleted by another admin meanwhile: nothing to place, the rest still moves.
      if (!known.has(item.id)) return;
      if (wanted.has(item.id))
        throw validationError(`/body/items/${index}/id`, `Запись ${item.id} указана дважды`);
      wanted.set(item.id, item.sortOrder);
    });
    const ordered = rows
      .map((row, index) => ({
        ...row,
        index,
        key: wanted.get(row.id) ?? row.sortOrder,
        named: wanted.has(row.id),
      }))
      .sort((a, b) => a.key - b.key || Number(b.named) - Number(a.named) || a.index - b.index);
    const moves = ordered
      .map((row, index) => ({ id: row.id, from: row.sortOrder, to: index + 1 }))
      .filter((move) => move.from !== move.to);
    if (moves.length === 0) return;
    const values = sql.join(
      moves.map((move) => sql`(${move.id}::int, ${move.to}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${table} set sort_order = moved.position, updated_at = now()
          from (values ${values}) as moved(id, position) where ${table.id} = moved.id`,
    );
    for (const move of moves) {
      const entries: ChangeEntry[] = [
        { action: 'REORDERED', field: 'sortOrder', oldValue: move.from, newValue: move.to },
      ];
      await recordChanges(tx, { entity: kind, entityId: move.id, actor }, entries);
    }
  });
  // The answer is the kind's list in its new order (form-setting-kinds.ts checks the two agree).
  return (await listFormSettings(db, kind)) as AnswerOf<OperationsOf<K>['reorder']>;
}
