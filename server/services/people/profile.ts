/**
 * The signed-in user's own profile: who they are, with their organization; names and phone are
 * theirs to change, and each change goes into their history like an admin's would.
 */
import { desc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { isValidPhone, PHONE_ERROR } from '../../../src/domain/phone';
import { scopeOwnOrdersFor } from '../../auth/ownership';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { orders, users } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import { splitName } from '../orders/remember-customer';
import { findOwnOrganization } from './organizations';
import { recordUserChanges } from './user-history';
import { readUserSnapshot } from './users';

export type Profile = components['schemas']['Profile'];
export type ProfileUpdate = components['schemas']['ProfileUpdate'];

export async function getProfile(db: Database, userId: number): Promise<Profile> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      phoneNumber: users.phoneNumber,
      telegramId: users.telegramId,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      photoUrl: users.photoUrl,
      role: users.role,
      partnerId: users.partnerId,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('Пользователь не найден');
  const { passwordHash, ...profile } = user;
  return {
    ...profile,
    hasPassword: passwordHash !== null,
    organization: await findOwnOrganization(db, userId),
    fromOrders: await offerFromOrders(db, profile),
  };
}

/**
 * A profile without a name or a phone is offered what the caller's latest order gave for them
 * (an order placed without signing in teaches the account nothing by itself: anyone may type an
 * email). The form shows the offer; only the caller's «Сохранить» keeps it.
 */
async function offerFromOrders(
  db: Database,
  user: Pick<Profile, 'id' | 'email' | 'role' | 'partnerId' | 'firstName' | 'lastName' | 'phoneNumber'>,
): Promise<Profile['fromOrders']> {
  const needsName = user.firstName === null && user.lastName === null;
  const needsPhone = user.phoneNumber === null;
  if (!needsName && !needsPhone) return null;
  const [order] = await db
    .select({ number: orders.number, name: orders.name, phoneNumber: orders.phoneNumber })
    .from(orders)
    .where(scopeOwnOrdersFor(user))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  if (!order) return null;
  const name = needsName ? splitName(order.name) : { firstName: null, lastName: null };
  const phoneNumber = needsPhone ? order.phoneNumber : null;
  if (!name.firstName && !name.lastName && !phoneNumber) return null;
  return { orderNumber: order.number, ...name, phoneNumber };
}

/** Blank text clears a field; only the fields sent are changed. */
export async function updateProfile(
  db: Database,
  user: SignedInUser,
  changes: ProfileUpdate,
): Promise<Profile> {
  const clean = (value: string | null | undefined) =>
    value === undefined ? undefined : value === null ? null : value.trim() || null;
  const phoneNumber = clean(changes.phoneNumber);
  if (phoneNumber && !isValidPhone(phoneNumber))
    throw new ProductError('validation', 'VALIDATION_ERROR', PHONE_ERROR, [
      { path: '/body/phoneNumber', message: PHONE_ERROR },
    ]);
  await changeOwnAccount(db, user, {
    firstName: clean(changes.firstName),
    lastName: clean(changes.lastName),
    username: clean(changes.username),
    phoneNumber,
  });
  return getProfile(db, user.id);
}

/** Updates the caller's own account and records what changed, with them as its author. */
export async function changeOwnAccount(
  db: Database,
  user: SignedInUser,
  changes: Partial<typeof users.$inferInsert>,
  after?: (tx: Database) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readUserSnapshot(tx, user.id);
    if (!before) throw notFound('Пользователь не найден');
    await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    const now = await readUserSnapshot(tx, user.id);
    if (now) await recordUserChanges(tx, user.id, user, before, now);
    await after?.(tx);
  });
}
