/** The signed-in user's own profile: who they are, with their organization. */
import { eq } from 'drizzle-orm';
import type { components } from '../../src/api/schema.gen';
import { isValidPhone, PHONE_ERROR } from '../../src/domain/phone';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { findOwnOrganization } from './organizations';

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
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('Пользователь не найден');
  return { ...user, organization: await findOwnOrganization(db, userId) };
}

/** Blank text clears a field; only the fields sent are changed. */
export async function updateProfile(db: Database, userId: number, changes: ProfileUpdate): Promise<Profile> {
  const clean = (value: string | null | undefined) =>
    value === undefined ? undefined : value === null ? null : value.trim() || null;
  const phoneNumber = clean(changes.phoneNumber);
  if (phoneNumber && !isValidPhone(phoneNumber))
    throw new ApiError(400, 'VALIDATION_ERROR', PHONE_ERROR, [
      { path: '/body/phoneNumber', message: PHONE_ERROR },
    ]);
  await db
    .update(users)
    .set({
      firstName: clean(changes.firstName),
      lastName: clean(changes.lastName),
      username: clean(changes.username),
      phoneNumber,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  return getProfile(db, userId);
}
