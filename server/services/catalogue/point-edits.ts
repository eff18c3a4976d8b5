/**
 * Pickup points as staff and partners edit them. An ADMIN manages every point; a PARTNER only
 * their own partner's, and a point they create or change is always theirs (another partner's
 * point, or a point given to another partner, answers 404 as if it did not exist). A point
 * orders were handed over at is closed, not deleted, so those orders still name it.
 */
import { and, count, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { nameAfterKind } from '../../../src/domain/place-names';
import { mayManagePoint } from '../../auth/ownership';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { orders, partners, pickupPoints } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import { type CatalogueActor, catalogueActor, fieldChanges, recordChanges } from './changes';
import { cleanName, given, validationError } from './form-settings';
import { findPickupPoint, type PickupPoint, selectPoints } from './pickup-points';
import { hideOrDelete } from './removal';

type PointInput = components['schemas']['PickupPointInput'];

const FIELDS = [
  'code',
  'name',
  'schedule',
  'address',
  'lat',
  'lon',
  'partnerId',
  'description',
  'email',
  'phone',
  'isActive',
  'type',
  'metro',
  'metroColor',
] as const;

export const pointMissing = () => notFound('Пункт выдачи не найден');

const optional = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() || null;

function pointValues(input: PointInput) {
  return {
    name: cleanName(input.name, '/body/name', 'Введите название пункта'),
    schedule: cleanName(input.schedule, '/body/schedule', 'Введите часы работы'),
    address: cleanName(input.address, '/body/address', 'Введите адрес пункта'),
    lat: input.lat,
    lon: input.lon,
    ...given({
      code: optional(input.code),
      partnerId: input.partnerId,
      description: optional(input.description),
      email: optional(input.email),
      phone: optional(input.phone),
      isActive: input.isActive,
      type: input.type,
      metro: optional(input.metro),
      metroColor: input.metroColor === undefined ? undefined : (input.metroColor?.toLowerCase() ?? null),
    }),
  };
}

/**
 * What a PARTNER may not do with a point: run one with no partner (an account not linked to a
 * partner adds none), or make it a courier service's — those points are the bureau's contracts
 * (CDEK's are synced, the others added by an ADMIN), and the order form shows them as such.
 */
function checkPartnerPoint(user: SignedInUser, type: PointInput['type']): void {
  if (user.role !== 'PARTNER') return;
  if (user.partnerId === null) {
    throw new ProductError(
      'forbidden',
      'FORBIDDEN',
      'Учётная запись не привязана к партнёру: пункты выдачи добавляет администратор',
    );
  }
  if (type === 'COURIER_SERVICE') {
    throw new ProductError(
      'forbidden',
      'FORBIDDEN',
      'Пункт курьерской службы может добавить только администратор',
      [{ path: '/body/type', message: 'Партнёр добавляет только свои пункты выдачи' }],
    );
  }
}

/** The partner a point may belong to: a PARTNER's own only; an existing one for an ADMIN. */
async function checkPartner(tx: Database, user: SignedInUser, partnerId: number | null | undefined) {
  if (user.role === 'PARTNER' && partnerId !== undefined && partnerId !== user.partnerId)
    throw pointMissing();
  if (partnerId === undefined || partnerId === null) return;
  const [partner] = await tx.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId));
  if (!partner) throw validationError('/body/partnerId', 'Такого партнёра нет');
}

async function writeUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ProductError('conflict', 'CONFLICT', 'Пункт с таким кодом службы доставки уже есть', [
        { path: '/body/code', message: 'Пункт с таким кодом уже есть' },
      ]);
    }
    throw error;
  }
}

export async function createPoint(db: Database, user: SignedInUser, input: PointInput): Promise<PickupPoint> {
  checkPartnerPoint(user, input.type);
  const values = pointValues(input);
  if (user.role === 'PARTNER') values.partnerId ??= user.partnerId;
  const actor = catalogueActor(user);
  const id = await writeUnique(() =>
    db.transaction(async (tx) => {
      await checkPartner(tx, user, values.partnerId);
      const [row] = await tx.insert(pickupPoints).values(values).returning({ id: pickupPoints.id });
      if (!row) throw new Error('insert returned nothing');
      await recordChanges(tx, { entity: 'PICKUP_POINT', entityId: row.id, actor }, [
        { action: 'CREATED', newValue: values.name },
      ]);
      return row.id;
    }),
  );
  return (await findPickupPoint(db, id)) ?? Promise.reject(pointMissing());
}

/** The point, locked for the rest of the transaction, if the user may manage it. */
async function lockManagedPoint(tx: Database, user: SignedInUser, id: number) {
  const [point] = await tx.select().from(pickupPoints).where(eq(pickupPoints.id, id)).for('update');
  if (!point || !mayManagePoint(user, point)) throw pointMissing();
  return point;
}

export async function updatePoint(
  db: Database,
  user: SignedInUser,
  input: PointInput & { id: number },
): Promise<PickupPoint> {
  checkPartnerPoint(user, input.type);
  const values = pointValues(input);
  await writeUnique(() =>
    db.transaction(async (tx) => {
      const before = await lockManagedPoint(tx, user, input.id);
      await checkPartner(tx, user, values.partnerId);
      await tx
        .update(pickupPoints)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(pickupPoints.id, input.id));
      await recordChanges(
        tx,
        { entity: 'PICKUP_POINT', entityId: input.id, actor: catalogueActor(user) },
        fieldChanges(before, values, FIELDS),
      );
    }),
  );
  return (await findPickupPoint(db, input.id)) ?? Promise.reject(pointMissing());
}

export async function setPointStatus(
  db: Database,
  user: SignedInUser,
  input: { id: number; isActive: boolean },
): Promise<PickupPoint> {
  await db.transaction(async (tx) => {
    const before = await lockManagedPoint(tx, user, input.id);
    if (before.isActive === input.isActive) return;
    await tx
      .update(pickupPoints)
      .set({ isActive: input.isActive, updatedAt: new Date() })
      .where(eq(pickupPoints.id, input.id));
    await recordChanges(tx, { entity: 'PICKUP_POINT', entityId: input.id, actor: catalogueActor(user) }, [
      { action: 'UPDATED', field: 'isActive', oldValue: before.isActive, newValue: input.isActive },
    ]);
  });
  return (await findPickupPoint(db, input.id)) ?? Promise.reject(pointMissing());
}

/** Deletes a point no order names (its photos go with it: the caller removes their bytes). */
export async function removePoint(db: Database, id: number, actor: CatalogueActor) {
  return db.transaction(async (tx) => {
    const [point] = await tx.select().from(pickupPoints).where(eq(pickupPoints.id, id)).for('update');
    if (!point) throw pointMissing();
    const [placed] = await tx.select({ n: count() }).from(orders).where(eq(orders.pickupPointId, id));
    const references = placed?.n ?? 0;
    return hideOrDelete(tx, {
      entity: 'PICKUP_POINT',
      id,
      actor,
      name: `пункт выдачи ${nameAfterKind(point.name, 'PICKUP_POINT')}`,
      isActive: point.isActive,
      references: references > 0 ? [`заказы (${references})`] : [],
      hiddenOutcome: 'DEACTIVATED',
      hide: async () => {
        await tx
          .update(pickupPoints)
          .set({ isActive: false, updatedAt: new Date() })
          .where(eq(pickupPoints.id, id));
      },
      remove: async () => {
        await tx.delete(pickupPoints).where(eq(pickupPoints.id, id));
      },
    });
  });
}

/** A partner's points: an ADMIN any partner's, a PARTNER only their own (404 otherwise). */
export async function listPartnerPoints(db: Database, user: SignedInUser, partnerId: number) {
  if (user.role === 'PARTNER' && user.partnerId !== partnerId) throw notFound('Партнёр не найден');
  const [partner] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId));
  if (!partner) throw notFound('Партнёр не найден');
  return selectPoints(db, and(eq(pickupPoints.partnerId, partnerId)));
}
