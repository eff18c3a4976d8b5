/**
 * What the order form offers, as staff edit it: document types, assurances and deliveries —
 * create, change, remove (or hide, when orders refer to the row) and reorder. Every write runs in
 * one transaction with its audit entries (changes.ts). Writes of one kind take that table's lock
 * (SHARE ROW EXCLUSIVE: readers go on, writers queue), so two admins reordering or adding at once
 * leave positions 1…n with no duplicate and no gap. The caller invalidates the public catalogue.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { MAX_MONEY } from '../../../src/domain/money';
import type { Database } from '../../db/client';
import {
  assurances,
  deliveries,
  documentTypes,
  orderDocumentAssurances,
  orderDocuments,
  orders,
} from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { type CatalogueActor, type ChangeEntry, fieldChanges, recordChanges } from './changes';
import { hideOrDelete } from './removal';

type Schemas = components['schemas'];
export type FormSettingKind = 'DOCUMENT' | 'ASSURANCE' | 'DELIVERY';
type ReorderItem = Schemas['ReorderRequest']['items'][number];

const TABLES = { DOCUMENT: documentTypes, ASSURANCE: assurances, DELIVERY: deliveries } as const;

const WHAT: Record<
  FormSettingKind,
  { notFound: string; named: (name: string) => string; taken: (name: string, hidden: boolean) => string }
> = {
  DOCUMENT: {
    notFound: 'Тип документа не найден',
    named: (name) => `документ «${name}»`,
    taken: (name, hidden) =>
      `Документ «${name}» уже есть${hidden ? ': он скрыт из формы — покажите его снова' : ''}`,
  },
  ASSURANCE: {
    notFound: 'Заверение не найдено',
    named: (name) => `заверение «${name}»`,
    taken: (name, hidden) =>
      `Заверение «${name}» уже есть${hidden ? ': оно скрыто из формы — покажите его снова' : ''}`,
  },
  DELIVERY: {
    notFound: 'Способ получения не найден',
    named: (name) => `способ получения «${name}»`,
    taken: (name, hidden) =>
      `Способ получения «${name}» уже есть${hidden ? ': он скрыт из формы — покажите его снова' : ''}`,
  },
};

/** Names as people tell them apart: letter case and spaces around or between words do not count. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('ru');

/**
 * Two rows of a kind under one name would show the customer two «Паспорт» to choose from: a name
 * another row has (shown or hidden) is refused beside the name field. Called under the table's
 * lock, so two admins adding the same name at once cannot both pass. The table is a price list
 * of tens of rows, compared here rather than by the database, whose lower() may not know Cyrillic.
 */
async function refuseTakenName(tx: Database, kind: FormSettingKind, name: string, ownId?: number) {
  const table = TABLES[kind];
  const rows = await tx.select({ id: table.id, type: table.type, isActive: table.isActive }).from(table);
  const other = rows.find((row) => row.id !== ownId && nameKey(row.type) === nameKey(name));
  if (!other) return;
  const message = WHAT[kind].taken(other.type, !other.isActive);
  throw new ApiError(409, 'CONFLICT', message, [{ path: '/body/type', message }]);
}

export const validationError = (path: string, message: string) =>
  new ApiError(400, 'VALIDATION_ERROR', message, [{ path, message }]);

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

/** Serialises writers of one table for the rest of the transaction (readers are not blocked). */
async function lockTable(tx: Database, kind: FormSettingKind): Promise<void> {
  await tx.execute(sql`lock table ${TABLES[kind]} in share row exclusive mode`);
}

async function nextSortOrder(tx: Database, kind: FormSettingKind): Promise<number> {
  const table = TABLES[kind];
  const result = (await tx.execute(
    sql`select coalesce(max(${table.sortOrder}), 0) + 1 as next from ${table}`,
  )) as unknown as { rows: { next: number | string }[] };
  return Number(result.rows[0]?.next ?? 1);
}

/**
 * A new row of the kind, last in the form, with its creation and its starting prices recorded.
 * `insert` writes the row at the position it is given.
 */
async function createRow<R extends { id: number; type: string }>(
  db: Database,
  kind: FormSettingKind,
  target: { name: string; actor: CatalogueActor },
  insert: (tx: Database, sortOrder: number) => Promise<R[]>,
  prices: (row: R) => ChangeEntry[],
): Promise<R> {
  const { actor } = target;
  return db.transaction(async (tx) => {
    await lockTable(tx, kind);
    await refuseTakenName(tx, kind, target.name);
    const [row] = await insert(tx, await nextSortOrder(tx, kind));
    if (!row) throw new Error('insert returned nothing');
    await recordChanges(tx, { entity: kind, entityId: row.id, actor }, [
      { action: 'CREATED', newValue: row.type },
      ...prices(row),
    ]);
    return row;
  });
}

/**
 * Changes a row of the kind and records each moved field. The table is locked for writers, as on
 * a create, so a rename cannot pass another admin's new row of the same name.
 */
async function updateRow<R extends object>(
  db: Database,
  kind: FormSettingKind,
  target: {
    id: number;
    name: string;
    actor: CatalogueActor;
    values: Partial<R>;
    fields: readonly (keyof R & string)[];
  },
  read: (tx: Database) => Promise<R[]>,
  write: (tx: Database) => Promise<R[]>,
): Promise<R> {
  return db.transaction(async (tx) => {
    await lockTable(tx, kind);
    const [before] = await read(tx);
    if (!before) throw notFound(WHAT[kind].notFound);
    await refuseTakenName(tx, kind, target.name, target.id);
    const [row] = await write(tx);
    if (!row) throw notFound(WHAT[kind].notFound);
    await recordChanges(
      tx,
      { entity: kind, entityId: target.id, actor: target.actor },
      fieldChanges(before, target.values, target.fields),
    );
    return row;
  });
}

/** The starting prices of a new row, as changes from nothing. */
const startingPrices = <R extends object>(row: R, fields: readonly (keyof R & string)[]): ChangeEntry[] =>
  fields.map((field) => ({ action: 'UPDATED', field, oldValue: null, newValue: row[field] as number }));

// ─── document types ────────────────────────────────────────────────────────────────────────────

type DocumentInput = Schemas['DocumentTypeInput'];
type DocumentRow = typeof documentTypes.$inferSelect;

function documentValues(input: DocumentInput) {
  return {
    type: cleanName(input.type, '/body/type', 'Введите название документа'),
    price: moneyValue(input.price, '/body/price'),
    ...given({
      cost: input.cost === undefined ? undefined : moneyValue(input.cost, '/body/cost'),
      isActive: input.isActive,
    }),
  };
}

export async function createDocumentType(db: Database, input: DocumentInput, actor: CatalogueActor) {
  const values = { cost: 0, ...documentValues(input) };
  const row = await createRow(
    db,
    'DOCUMENT',
    { name: values.type, actor },
    (tx, sortOrder) =>
      tx
        .insert(documentTypes)
        .values({ ...values, sortOrder })
        .returning(),
    (created) => startingPrices(created, ['price', 'cost']),
  );
  return documentOf(row);
}

export async function updateDocumentType(
  db: Database,
  input: DocumentInput & { id: number },
  actor: CatalogueActor,
) {
  const values = documentValues(input);
  const where = eq(documentTypes.id, input.id);
  const row = await updateRow<DocumentRow>(
    db,
    'DOCUMENT',
    { id: input.id, name: values.type, actor, values, fields: ['type', 'price', 'cost', 'isActive'] },
    (tx) => tx.select().from(documentTypes).where(where).for('update'),
    (tx) =>
      tx
        .update(documentTypes)
        .set({ ...values, updatedAt: new Date() })
        .where(where)
        .returning(),
  );
  return documentOf(row);
}

const documentOf = (row: DocumentRow): Schemas['DocumentType'] => ({
  id: row.id,
  type: row.type,
  price: row.price,
  cost: row.cost,
  sortOrder: row.sortOrder,
  isActive: row.isActive,
});

// ─── assurances ────────────────────────────────────────────────────────────────────────────────

type AssuranceInput = Schemas['AssuranceInput'];
type AssuranceRow = typeof assurances.$inferSelect;
const ASSURANCE_COSTS = ['cost', 'costWeekday', 'costSaturday', 'costSunday'] as const;

function assuranceValues(input: AssuranceInput) {
  const cost = (field: (typeof ASSURANCE_COSTS)[number]) => {
    const value = input[field];
    return value === undefined ? undefined : moneyValue(value, `/body/${field}`);
  };
  return {
    type: cleanName(input.type, '/body/type', 'Введите название заверения'),
    price: moneyValue(input.price, '/body/price'),
    ...given({
      cost: cost('cost'),
      costWeekday: cost('costWeekday'),
      costSaturday: cost('costSaturday'),
      costSunday: cost('costSunday'),
      isActive: input.isActive,
    }),
  };
}

export async function createAssurance(db: Database, input: AssuranceInput, actor: CatalogueActor) {
  const values = assuranceValues(input);
  const row = await createRow(
    db,
    'ASSURANCE',
    { name: values.type, actor },
    (tx, sortOrder) =>
      tx
        .insert(assurances)
        .values({ ...values, sortOrder })
        .returning(),
    (created) => startingPrices(created, ['price', ...ASSURANCE_COSTS]),
  );
  return assuranceOf(row);
}

export async function updateAssurance(
  db: Database,
  input: AssuranceInput & { id: number },
  actor: CatalogueActor,
) {
  const values = assuranceValues(input);
  const where = eq(assurances.id, input.id);
  const row = await updateRow<AssuranceRow>(
    db,
    'ASSURANCE',
    {
      id: input.id,
      name: values.type,
      actor,
      values,
      fields: ['type', 'price', ...ASSURANCE_COSTS, 'isActive'],
    },
    (tx) => tx.select().from(assurances).where(where).for('update'),
    (tx) =>
      tx
        .update(assurances)
        .set({ ...values, updatedAt: new Date() })
        .where(where)
        .returning(),
  );
  return assuranceOf(row);
}

const assuranceOf = (row: AssuranceRow): Schemas['Assurance'] => ({
  id: row.id,
  type: row.type,
  price: row.price,
  cost: row.cost,
  costWeekday: row.costWeekday,
  costSaturday: row.costSaturday,
  costSunday: row.costSunday,
  sortOrder: row.sortOrder,
  isActive: row.isActive,
});

// ─── deliveries ────────────────────────────────────────────────────────────────────────────────

type DeliveryInput = Schemas['DeliveryInput'];
type DeliveryRow = typeof deliveries.$inferSelect;

function deliveryValues(input: DeliveryInput) {
  return {
    type: cleanName(input.type, '/body/type', 'Введите название способа получения'),
    code: input.code,
    price: moneyValue(input.price, '/body/price'),
    ...given({ time: input.time?.trim(), isActive: input.isActive }),
  };
}

export async function createDelivery(db: Database, input: DeliveryInput, actor: CatalogueActor) {
  const values = deliveryValues(input);
  const row = await createRow(
    db,
    'DELIVERY',
    { name: values.type, actor },
    (tx, sortOrder) =>
      tx
        .insert(deliveries)
        .values({ ...values, sortOrder })
        .returning(),
    (created) => startingPrices(created, ['price']),
  );
  return deliveryOf(row);
}

export async function updateDelivery(
  db: Database,
  input: DeliveryInput & { id: number },
  actor: CatalogueActor,
) {
  const values = deliveryValues(input);
  const where = eq(deliveries.id, input.id);
  const row = await updateRow<DeliveryRow>(
    db,
    'DELIVERY',
    { id: input.id, name: values.type, actor, values, fields: ['type', 'code', 'price', 'time', 'isActive'] },
    (tx) => tx.select().from(deliveries).where(where).for('update'),
    (tx) =>
      tx
        .update(deliveries)
        .set({ ...values, updatedAt: new Date() })
        .where(where)
        .returning(),
  );
  return deliveryOf(row);
}

const deliveryOf = (row: DeliveryRow): Schemas['Delivery'] => ({
  id: row.id,
  type: row.type,
  code: row.code,
  price: row.price,
  time: row.time,
  sortOrder: row.sortOrder,
  isActive: row.isActive,
});

// ─── removal and order, the same for the three kinds ──────────────────────────────────────────

/** How many order rows refer to the record: such a record is hidden, never deleted. */
async function orderReferences(tx: Database, kind: FormSettingKind, id: number): Promise<number> {
  const query =
    kind === 'DOCUMENT'
      ? tx.select({ n: count() }).from(orderDocuments).where(eq(orderDocuments.documentId, id))
      : kind === 'ASSURANCE'
        ? tx
            .select({ n: count() })
            .from(orderDocumentAssurances)
            .where(eq(orderDocumentAssurances.assuranceId, id))
        : tx.select({ n: count() }).from(orders).where(eq(orders.deliveryId, id));
  const [row] = await query;
  return row?.n ?? 0;
}

export async function removeFormSetting(
  db: Database,
  kind: FormSettingKind,
  id: number,
  actor: CatalogueActor,
): Promise<Schemas['DeleteResult']> {
  const table = TABLES[kind];
  return db.transaction(async (tx) => {
    await lockTable(tx, kind);
    const [row] = await tx
      .select({ name: table.type, isActive: table.isActive })
      .from(table)
      .where(eq(table.id, id));
    if (!row) throw notFound(WHAT[kind].notFound);
    const references = await orderReferences(tx, kind, id);
    return hideOrDelete(tx, {
      entity: kind,
      id,
      actor,
      name: WHAT[kind].named(row.name),
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
 * Sets the positions asked for, then numbers the whole list 1…n: rows not named keep their
 * place, a named row goes before an unnamed one at the same position. An id no longer in the
 * list (deleted by another admin meanwhile) is skipped; one given twice refuses the request (400).
 */
export async function reorderFormSettings(
  db: Database,
  kind: FormSettingKind,
  items: readonly ReorderItem[],
  actor: CatalogueActor,
): Promise<void> {
  const table = TABLES[kind];
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
}
