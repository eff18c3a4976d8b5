/**
 * Requests for back-office access: a signed-in user asks, an ADMIN approves (the requester gets
 * the role and login, and their sessions end so the role applies) or rejects with a reason. The
 * requester is emailed either way.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { isStaffRole } from '../../../src/domain/roles';
import type { AppContext } from '../../app-context';
import { normalizeEmail } from '../../auth/email-codes';
import { revokeUserSessions, type SignedInUser } from '../../auth/tokens';
import { isUniqueViolation } from '../../db/errors';
import { accessRequests, partners, users } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import type { BodyOf } from '../../operation-types';
import { splitName } from './staff-invitations';
import { recordUserChanges, type UserChangeActor } from './user-history';
import { acceptableLogin, assertLoginFree, loginTaken, readUserSnapshot } from './users';

export type AccessRequest = components['schemas']['AccessRequest'];
type Row = typeof accessRequests.$inferSelect;

function toAccessRequest(row: Row): AccessRequest {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
    userId: row.userId,
  };
}

const requestExists = () =>
  new ProductError(
    'conflict',
    'ACCESS_REQUEST_EXISTS',
    'Этот email уже ожидает рассмотрения или уже имеет доступ',
  );
const alreadyDecided = () => new ProductError('conflict', 'ACCESS_REQUEST_DECIDED', 'Заявка уже рассмотрена');

const noEmail = () =>
  new ProductError(
    'conflict',
    'CONFLICT',
    'У учётной записи нет email: войдите по email, чтобы подать заявку',
  );

/**
 * The request is always for the caller's own account and its email as stored now: a typed email
 * would let a customer be promoted under another person's address, and answering differently
 * for other people's emails would tell who is staff.
 */
export async function createAccessRequest(
  ctx: AppContext,
  requester: SignedInUser,
  input: { name: string; reason: string },
): Promise<AccessRequest> {
  if (isStaffRole(requester.role)) throw requestExists();
  const [account] = await ctx.db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, requester.id));
  if (account && isStaffRole(account.role)) throw requestExists();
  if (!account?.email) throw noEmail();
  const email = normalizeEmail(account.email);
  try {
    // The partial unique index on pending emails decides two requests sent at once.
    const [row] = await ctx.db
      .insert(accessRequests)
      .values({ email, name: input.name.trim(), reason: input.reason.trim(), userId: requester.id })
      .returning();
    if (!row) throw new Error('access request insert returned nothing');
    return toAccessRequest(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw requestExists();
    throw error;
  }
}

export async function listAccessRequests(ctx: AppContext, status?: Row['status']): Promise<AccessRequest[]> {
  const rows = await ctx.db
    .select()
    .from(accessRequests)
    .where(status ? eq(accessRequests.status, status) : undefined)
    .orderBy(
      sql`${accessRequests.status} = 'PENDING' desc`,
      desc(accessRequests.createdAt),
      desc(accessRequests.id),
    );
  return rows.map(toAccessRequest);
}

async function findPending(ctx: AppContext, id: number): Promise<Row> {
  const [row] = await ctx.db.select().from(accessRequests).where(eq(accessRequests.id, id));
  if (!row) throw notFound('Заявка не найдена');
  if (row.status !== 'PENDING') throw alreadyDecided();
  return row;
}

export async function approveAccessRequest(
  ctx: AppContext,
  admin: UserChangeActor,
  id: number,
  decision: BodyOf<'approveAccessRequest'>,
): Promise<AccessRequest> {
  const request = await findPending(ctx, id);
  const userId = request.userId;
  if (userId === null)
    throw new ProductError('conflict', 'CONFLICT', 'Учётная запись, подавшая заявку, удалена');
  const login = acceptableLogin(decision.login);
  await assertLoginFree(ctx.db, login, userId);
  const partnerId = decision.role === 'PARTNER' ? (decision.partnerId ?? null) : null;
  if (decision.role === 'PARTNER') {
    if (partnerId === null) {
      const message = 'Выберите партнёра, у которого работает сотрудник';
      throw new ProductError('validation', 'VALIDATION_ERROR', message, { fields: { partnerId: message } });
    }
    const [partner] = await ctx.db
      .select({ id: partners.id })
      .from(partners)
      .where(eq(partners.id, partnerId));
    if (!partner) throw notFound('Партнёр не найден');
  }
  const now = new Date();
  let approved: Row | undefined;
  try {
    approved = await ctx.db.transaction(async (tx) => {
      const [decided] = await tx
        .update(accessRequests)
        .set({ status: 'APPROVED', decidedAt: now, decidedBy: admin.id })
        .where(and(eq(accessRequests.id, id), eq(accessRequests.status, 'PENDING')))
        .returning();
      if (!decided) throw alreadyDecided();
      const before = await readUserSnapshot(tx, userId);
      // The name the requester gave is their account's name when it has none yet.
      const named = before?.firstName || before?.lastName ? {} : splitName(request.name);
      await tx
        .update(users)
        .set({ role: decision.role, login, partnerId, ...named, updatedAt: now })
        .where(eq(users.id, userId));
      const after = await readUserSnapshot(tx, userId);
      if (before && after) {
        await recordUserChanges(tx, userId, admin, before, after, 'Заявка на доступ одобрена');
      }
      await revokeUserSessions(tx, userId);
      return decided;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw loginTaken();
    throw error;
  }
  await ctx.mail.send({
    template: 'access-approved',
    to: approved.email,
    params: { name: approved.name, login, role: decision.role, loginUrl: `${ctx.config.publicUrl}/login` },
  });
  return toAccessRequest(approved);
}

export async function rejectAccessRequest(
  ctx: AppContext,
  adminId: number,
  id: number,
  reason: string,
): Promise<AccessRequest> {
  await findPending(ctx, id);
  const [rejected] = await ctx.db
    .update(accessRequests)
    .set({ status: 'REJECTED', decidedAt: new Date(), decidedBy: adminId, rejectReason: reason.trim() })
    .where(and(eq(accessRequests.id, id), eq(accessRequests.status, 'PENDING')))
    .returning();
  if (!rejected) throw alreadyDecided();
  await ctx.mail.send({
    template: 'access-rejected',
    to: rejected.email,
    params: { name: rejected.name, reason: reason.trim() },
  });
  return toAccessRequest(rejected);
}
