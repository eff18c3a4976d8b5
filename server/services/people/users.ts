/**
 * User administration (ADMIN): list, role, partner, block, credentials, delete. Every change to
 * who a user is — role, partner, blocking, credentials — ends their sessions in the same
 * transaction, so the change applies to their very next request, and is kept in their history
 * (user-history.ts) with who made it.
 */
import { and, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import {
  CONFUSABLE_FROM,
  CONFUSABLE_TO,
  loginProblem,
  loginSkeleton,
  normalizeLogin,
} from '../../../src/domain/login';
import type { Role } from '../../../src/domain/roles';
import { hashPassword } from '../../auth/passwords';
import { revokeUserSessions } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { partners, users } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import type { QueryOf } from '../../operation-types';
import { type ErasureView, erasuresOf } from '../personal-data/erasure-records';
import { recordUserChanges, type UserChangeActor, type UserSnapshot } from './user-history';

export type User = components['schemas']['User'];
type UserChanges = Partial<typeof users.$inferInsert>;

const columns = {
  id: users.id,
  email: users.email,
  login: users.login,
  phoneNumber: users.phoneNumber,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  partnerId: users.partnerId,
  partnerName: partners.name,
  isBlocked: users.isBlocked,
  blockReason: users.blockReason,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  erasedAt: users.erasedAt,
};

type UserRow = Omit<User, 'createdAt' | 'lastLoginAt' | 'erasure'> & {
  createdAt: Date;
  lastLoginAt: Date | null;
  erasedAt: Date | null;
};

export function toUser({ erasedAt: _, ...row }: UserRow, erasure: ErasureView | null = null): User {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    erasure,
  };
}

/** The account as the list shows it and as its history compares it (with the password hash). */
export async function readUserSnapshot(
  executor: Database,
  userId: number,
): Promise<(UserRow & UserSnapshot) | undefined> {
  const [row] = await executor
    .select({ ...columns, passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(partners, eq(partners.id, users.partnerId))
    .where(eq(users.id, userId));
  return row;
}

export const userNotFound = () => notFound('Пользователь не найден');
const erasedAccount = () =>
  new ProductError(
    'conflict',
    'ALREADY_ERASED',
    'Персональные данные этого пользователя удалены: учётную запись нельзя изменить',
  );
export const loginTaken = () => new ProductError('conflict', 'LOGIN_TAKEN', 'Этот логин уже занят');
const loginLookalike = () =>
  new ProductError(
    'conflict',
    'LOGIN_TAKEN',
    'Логин выглядит так же, как логин или email другой учётной записи: выберите другой',
  );

/**
 * The login as it will be stored (NFKC, trimmed), or 400 in Russian when it holds invisible
 * characters or mixes alphabets (src/domain/login.ts).
 */
export function acceptableLogin(raw: string, field = 'login'): string {
  const problem = loginProblem(raw);
  if (problem)
    throw new ProductError('validation', 'VALIDATION_ERROR', problem, { fields: { [field]: problem } });
  return normalizeLogin(raw);
}
export const selfAction = () =>
  new ProductError('conflict', 'SELF_ACTION', 'Это действие нельзя выполнить со своей учётной записью');

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUsers(db: Database, query: QueryOf<'listUsers'>) {
  // The contract's defaults: validation has filled them in, but its types cannot say so.
  const limit = query.limit ?? 20;
  const offset = query.offset ?? 0;
  const search = query.search?.trim();
  const pattern = search ? likePattern(search) : undefined;
  const where = and(
    query.role ? eq(users.role, query.role) : undefined,
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(users.login, pattern),
          ilike(users.phoneNumber, pattern),
          ilike(sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .leftJoin(partners, eq(partners.id, users.partnerId))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(users).where(where),
  ]);
  const erasures = await erasuresOf(
    db,
    rows.filter((row) => row.erasedAt !== null).map((row) => row.id),
  );
  return {
    items: rows.map((row) => toUser(row, erasures.get(row.id) ?? null)),
    total: total?.value ?? 0,
    limit,
    offset,
  };
}

/** A column as it looks: lower case, look-alike letters read as Latin (loginSkeleton in SQL). */
const looksOf = (column: typeof users.login | typeof users.email) =>
  sql`translate(lower(${column}), ${CONFUSABLE_FROM}, ${CONFUSABLE_TO})`;

/**
 * 409 when another user has this login, or has it as their email (both sign in by it), or one
 * that looks the same to a reader (a Cyrillic «а» for a Latin «a»).
 */
export async function assertLoginFree(db: Database, login: string, userId: number | null): Promise<void> {
  const lower = login.trim().toLowerCase();
  const skeleton = loginSkeleton(login);
  const [other] = await db
    .select({ same: sql<boolean>`(lower(${users.login}) = ${lower} or lower(${users.email}) = ${lower})` })
    .from(users)
    .where(
      and(
        userId === null ? undefined : ne(users.id, userId),
        sql`(lower(${users.login}) = ${lower} or lower(${users.email}) = ${lower}
          or ${looksOf(users.login)} = ${skeleton} or ${looksOf(users.email)} = ${skeleton})`,
      ),
    )
    .limit(1);
  if (other) throw other.same ? loginTaken() : loginLookalike();
}

export interface ChangeOptions {
  /** End every session of the user in the same transaction (who they are has changed). */
  endSessions: boolean;
  /** Kept with each history entry, e.g. why an access request was approved. */
  comment?: string;
}

/**
 * Changes the user, records each difference in their history and (when asked) ends their
 * sessions, all in one transaction, so the change applies to their very next request.
 */
export async function changeUser(
  db: Database,
  actor: UserChangeActor,
  userId: number,
  changes: UserChanges,
  options: ChangeOptions,
): Promise<User> {
  try {
    return await db.transaction(async (tx) => {
      const before = await readUserSnapshot(tx, userId);
      if (!before) throw userNotFound();
      // A nameless shell of erased data: a login or a role would bring an account back.
      if (before.erasedAt) throw erasedAccount();
      await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, userId));
      const after = (await readUserSnapshot(tx, userId)) as UserRow & UserSnapshot;
      await recordUserChanges(tx, userId, actor, before, after, options.comment);
      if (options.endSessions) await revokeUserSessions(tx, userId);
      const { passwordHash: _, ...user } = after;
      return toUser(user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw loginTaken();
    throw error;
  }
}

function notYourself(actor: UserChangeActor, userId: number): void {
  if (actor.id === userId) throw selfAction();
}

const endSessions = { endSessions: true };

export async function setUserRole(db: Database, actor: UserChangeActor, userId: number, role: Role) {
  notYourself(actor, userId);
  // A partner only means something to a PARTNER.
  return changeUser(
    db,
    actor,
    userId,
    role === 'PARTNER' ? { role } : { role, partnerId: null },
    endSessions,
  );
}

export async function setUserPartner(
  db: Database,
  actor: UserChangeActor,
  userId: number,
  partnerId: number,
) {
  notYourself(actor, userId);
  const [partner] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId));
  if (!partner) throw notFound('Партнёр не найден');
  return changeUser(db, actor, userId, { role: 'PARTNER', partnerId }, endSessions);
}

export async function blockUser(db: Database, actor: UserChangeActor, userId: number, reason: string) {
  notYourself(actor, userId);
  return changeUser(db, actor, userId, { isBlocked: true, blockReason: reason.trim() }, endSessions);
}

export async function unblockUser(db: Database, actor: UserChangeActor, userId: number): Promise<User> {
  return changeUser(db, actor, userId, { isBlocked: false, blockReason: null }, { endSessions: false });
}

export async function setUserCredentials(
  db: Database,
  actor: UserChangeActor,
  userId: number,
  login: string,
  password: string,
) {
  const trimmed = acceptableLogin(login);
  await assertLoginFree(db, trimmed, userId);
  // Hashed outside the transaction: argon2 takes a while and PGlite has one connection.
  const passwordHash = await hashPassword(password);
  return changeUser(db, actor, userId, { login: trimmed, passwordHash }, endSessions);
}

/**
 * Their orders stay, unlinked (orders.user_id is set null) with the name and contacts the orders
 * were placed with; sessions, notifications, devices and the user's history go with them.
 */
export async function deleteUser(db: Database, actor: UserChangeActor, userId: number): Promise<void> {
  notYourself(actor, userId);
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  if (deleted.length === 0) throw userNotFound();
}
