/**
 * The bureau's offices as staff edit them: name, address, schedule, phone, email and position on
 * the map. An office orders were collected at is switched off rather than deleted, so those
 * orders still say where they were handed over; GET /api/office keeps listing it with
 * isActive false (its answer is unchanged in shape), and choosers offer the active ones.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { nameAfterKind } from '../../../src/domain/place-names';
import type { Database } from '../../db/client';
import { offices, orders } from '../../db/schema';
import { notFound } from '../../errors';
import { type CatalogueActor, fieldChanges, recordChanges } from './changes';
import { cleanName, given } from './form-settings';
import { findOffice } from './offices';
import { hideOrDelete } from './removal';

type OfficeInput = components['schemas']['OfficeInput'];
const FIELDS = ['name', 'address', 'schedule', 'phone', 'email', 'lat', 'lon', 'isActive'] as const;

const optional = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() || null;

function officeValues(input: OfficeInput) {
  return {
    name: cleanName(input.name, '/body/name', 'Введите название офиса'),
    address: cleanName(input.address, '/body/address', 'Введите адрес офиса'),
    schedule: cleanName(input.schedule, '/body/schedule', 'Введите часы работы'),
    lat: input.lat,
    lon: input.lon,
    ...given({ phone: optional(input.phone), email: optional(input.email), isActive: input.isActive }),
  };
}

const missing = () => notFound('Офис не найден');

export async function createOffice(db: Database, input: OfficeInput, actor: CatalogueActor) {
  const values = officeValues(input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(offices)
      .values({ ...values, sortOrder: sql`(select coalesce(max(sort_order), 0) + 1 from offices)` })
      .returning({ id: offices.id, name: offices.name });
    if (!row) throw new Error('insert returned nothing');
    await recordChanges(tx, { entity: 'OFFICE', entityId: row.id, actor }, [
      { action: 'CREATED', newValue: row.name },
    ]);
    return row.id;
  });
  return (await findOffice(db, id)) ?? Promise.reject(missing());
}

export async function updateOffice(db: Database, input: OfficeInput & { id: number }, actor: CatalogueActor) {
  const values = officeValues(input);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(offices).where(eq(offices.id, input.id)).for('update');
    if (!before) throw missing();
    await tx
      .update(offices)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(offices.id, input.id));
    await recordChanges(
      tx,
      { entity: 'OFFICE', entityId: input.id, actor },
      fieldChanges(before, values, FIELDS),
    );
  });
  return (await findOffice(db, input.id)) ?? Promise.reject(missing());
}

export async function removeOffice(db: Database, id: number, actor: CatalogueActor) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(offices).where(eq(offices.id, id)).for('update');
    if (!row) throw missing();
    const [placed] = await tx.select({ n: count() }).from(orders).where(eq(orders.officeId, id));
    const references = placed?.n ?? 0;
    return hideOrDelete(tx, {
      entity: 'OFFICE',
      id,
      actor,
      name: `офис ${nameAfterKind(row.name, 'OFFICE')}`,
      isActive: row.isActive,
      references: references > 0 ? [`заказы (${references})`] : [],
      hiddenOutcome: 'DEACTIVATED',
      hide: async () => {
        await tx.update(offices).set({ isActive: false, updatedAt: new Date() }).where(eq(offices.id, id));
      },
      remove: async () => {
        await tx.delete(offices).where(eq(offices.id, id));
      },
    });
  });
}
