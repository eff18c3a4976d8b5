/**
 * A user's history (GET /api/user/{id}/history): every change of who they are — role, partner,
 * block, login, password, email, phone, name — with who made it and when. Changes are found by
 * comparing the account before and after, inside the transaction that makes them, so no path that
 * changes a user can forget to record (users.ts, access-requests.ts, profile.ts all go through
 * recordUserChanges).
 */
import { desc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { ROLE_LABELS, type Role } from '../../../src/domain/roles';
import type { Database } from '../../db/client';
import { userChanges } from '../../db/schema';

export type UserChange = components['schemas']['UserChange'];
type Field = UserChange['field'];

/** Who made a change: a signed-in user (an admin, or the user themself). */
export interface UserChangeActor {
  id: number;
  email: string | null;
  role: Role;
}

/** The parts of an account the history follows; partnerName is read with it. */
export interface UserSnapshot {
  role: Role;
  partnerId: number | null;
  partnerName: string | null;
  isBlocked: boolean;
  blockReason: string | null;
  login: string | null;
  passwordHash: string | null;
  email: string | null;
  phoneNumber: string | null;
  firstName: string | null;
  lastName: string | null;
}

interface Entry {
  field: Field;
  oldValue: string | null;
  newValue: string | null;
  comment?: string | null;
}

const BLOCKED = 'Заблокирован';
const ACTIVE = 'Активен';

const partnerLabel = (user: UserSnapshot) =>
  user.partnerId === null ? null : (user.partnerName ?? `Партнёр № ${user.partnerId}`);
const fullName = (user: UserSnapshot) => [user.firstName, user.lastName].filter(Boolean).join(' ') || null;

/** What differs between two states of one account, as the history shows it. */
export function changesBetween(before: UserSnapshot, after: UserSnapshot): Entry[] {
  const entries: Entry[] = [];
  const text = (field: Field, from: string | null, to: string | null, comment?: string | null) => {
    if (from !== to) entries.push({ field, oldValue: from, newValue: to, comment: comment ?? null });
  };
  text('ROLE', ROLE_LABELS[before.role], ROLE_LABELS[after.role]);
  text('PARTNER', partnerLabel(before), partnerLabel(after));
  text(
    'BLOCK',
    before.isBlocked ? BLOCKED : ACTIVE,
    after.isBlocked ? BLOCKED : ACTIVE,
    after.isBlocked ? after.blockReason : null,
  );
  text('LOGIN', before.login, after.login);
  // A password is never shown, not even as a hash: only that it was set.
  if (before.passwordHash !== after.passwordHash) {
    entries.push({
      field: 'PASSWORD',
      oldValue: before.passwordHash ? 'задан' : 'не задан',
      newValue: after.passwordHash ? 'задан новый' : 'не задан',
    });
  }
  text('EMAIL', before.email, after.email);
  text('PHONE', before.phoneNumber, after.phoneNumber);
  text('NAME', fullName(before), fullName(after));
  return entries;
}

/** Writes the differences through the caller's executor (its transaction). */
export async function recordUserChanges(
  executor: Database,
  userId: number,
  actor: UserChangeActor,
  before: UserSnapshot,
  after: UserSnapshot,
  comment?: string,
): Promise<void> {
  const entries = changesBetween(before, after);
  if (entries.length === 0) return;
  await executor.insert(userChanges).values(
    entries.map((entry) => ({
      userId,
      field: entry.field,
      oldValue: entry.oldValue,
      newValue: entry.newValue,
      comment: entry.comment ?? comment ?? null,
      actorUserId: actor.id,
      actorEmail: actor.email,
      actorRole: actor.role,
    })),
  );
}

export const HISTORY_LIMIT = 200;

export async function listUserChanges(db: Database, userId: number): Promise<UserChange[]> {
  const rows = await db
    .select()
    .from(userChanges)
    .where(eq(userChanges.userId, userId))
    .orderBy(desc(userChanges.createdAt), desc(userChanges.id))
    .limit(HISTORY_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    field: row.field,
    oldValue: row.oldValue,
    newValue: row.newValue,
    comment: row.comment,
    actorEmail: row.actorEmail,
    actorRole: row.actorRole,
    createdAt: row.createdAt.toISOString(),
  }));
}
