/**
 * Partners who run pickup points: name and commission, with how many points each has. A partner
 * that orders, points or staff accounts refer to is hidden rather than deleted: it stays for
 * those orders and accounts, leaves every chooser, and its points close (they leave the map).
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import type { Database } from '../../db/client';
import { orders, partners, pickupPoints, users } from '../../db/schema';
import { notFound } from '../../errors';
import { type CatalogueActor, fieldChanges, recordChanges } from './changes';
import { cleanName } from './form-settings';
import { hideOrDelete } from './removal';

type Schemas = components['schemas'];
type PartnerInput = Schemas['PartnerInput'];

// Spelled out: inside a subquery Drizzle leaves columns unqualified, and "id" would be the point's.
const pointsCount = sql<number>`(select count(*)::int from pickup_points where pickup_points.partner_id = "partners"."id")`;

const columns = {
  id: partners.id,
  name: partners.name,
  commission: partners.commission,
  pointsCount,
  isActive: partners.isActive,
};

export function listPartners(db: Database): Promise<Schemas['Partner'][]> {
  return db.select(columns).from(partners).orderBy(asc(partners.name), asc(partners.id));
}

export async function findPartner(db: Database, id: number): Promise<Schemas['Partner'] | undefined> {
  const [row] = await db.select(columns).from(partners).where(eq(partners.id, id));
  return row;
}

const missing = () => notFound('Партнёр не найден');

function partnerValues(input: PartnerInput) {
  return {
    name: cleanName(input.name, '/body/name', 'Введите название партнёра'),
    commission: input.commission,
    ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
  };
}

export async function createPartner(db: Database, input: PartnerInput, actor: CatalogueActor) {
  const values = partnerValues(input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(partners).values(values).returning({ id: partners.id });
    if (!row) throw new Error('insert returned nothing');
    await recordChanges(tx, { entity: 'PARTNER', entityId: row.id, actor }, [
      { action: 'CREATED', newValue: values.name },
      { action: 'UPDATED', field: 'commission', oldValue: null, newValue: values.commission },
    ]);
    return row.id;
  });
  return (await findPartner(db, id)) ?? Promise.reject(missing());
}

export async function updatePartner(
  db: Database,
  input: PartnerInput & { id: number },
  actor: CatalogueActor,
) {
  const values = partnerValues(input);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(partners).where(eq(partners.id, input.id)).for('update');
    if (!before) throw missing();
    await tx
      .update(partners)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(partners.id, input.id));
    await recordChanges(
      tx,
      { entity: 'PARTNER', entityId: input.id, actor },
      fieldChanges(before, values, ['name', 'commission', 'isActive']),
    );
  });
  return (await findPartner(db, input.id)) ?? Promise.reject(missing());
}

export async function removePartner(db: Database, id: number, actor: CatalogueActor) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(partners).where(eq(partners.id, id)).for('update');
    if (!row) throw missing();
    const counted = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
    const orderCount = await counted(tx.select({ n: count() }).from(orders).where(eq(orders.partnerId, id)));
    const pointCount = await counted(
      tx.select({ n: count() }).from(pickupPoints).where(eq(pickupPoints.partnerId, id)),
    );
    const userCount = await counted(tx.select({ n: count() }).from(users).where(eq(users.partnerId, id)));
    const references = [
      orderCount > 0 ? `заказы (${orderCount})` : null,
      pointCount > 0 ? `пункты выдачи (${pointCount})` : null,
      userCount > 0 ? `сотрудники партнёра (${userCount})` : null,
    ].filter((reference): reference is string => reference !== null);
    const open = await tx
      .select({ id: pickupPoints.id })
      .from(pickupPoints)
      .where(sql`${pickupPoints.partnerId} = ${id} and ${pickupPoints.isActive}`);
    return hideOrDelete(tx, {
      entity: 'PARTNER',
      id,
      actor,
      name: `партнёр «${row.name}»`,
      isActive: row.isActive,
      references,
      hiddenOutcome: 'HIDDEN',
      alsoHidden: open.length > 0 ? `Его открытые пункты выдачи (${open.length}) закрыты.` : undefined,
      hide: async () => {
        await tx.update(partners).set({ isActive: false, updatedAt: new Date() }).where(eq(partners.id, id));
        for (const point of open) {
          await tx
            .update(pickupPoints)
            .set({ isActive: false, updatedAt: new Date() })
            .where(eq(pickupPoints.id, point.id));
          await recordChanges(tx, { entity: 'PICKUP_POINT', entityId: point.id, actor }, [
            { action: 'DEACTIVATED', field: 'isActive', oldValue: true, newValue: false },
          ]);
        }
      },
      remove: async () => {
        await tx.delete(partners).where(eq(partners.id, id));
      },
    });
  });
}
