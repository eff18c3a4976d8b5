/**
 * An ADMIN invites a staff member (POST /api/user/invite): the invitee gets a mail with a
 * one-time link (72 hours) to the app's /crm-invite page, where they set a password and are
 * signed in with the invited role (and partner, and name). The account is made — or, when the
 * email already has a customer account, promoted — only then, by the person who proved they read
 * that mailbox. Only the SHA-256 of the link's token is stored. A newer invitation to the same
 * email replaces the older one. The access-request path (access-requests.ts) stays for people who
 * ask themselves.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { isStaffRole, type StaffRole } from '../../../src/domain/roles';
import type { AppContext } from '../../app-context';
import { normalizeEmail } from '../../auth/email-codes';
import { ADDRESS_BACKOFF } from '../../auth/password-sign-in';
import { hashPassword } from '../../auth/passwords';
import { attemptAll, hit } from '../../auth/rate-limits';
import { type AuthResult, type ClientInfo, completeSignIn } from '../../auth/sign-in';
import { revokeUserSessions, type SignedInUser } from '../../auth/tokens';
import { partners, staffInvitations, users } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import { recordUserChanges } from './user-history';
import { readUserSnapshot } from './users';

export type StaffInvitation = components['schemas']['StaffInvitation'];
type InvitationPreview = components['schemas']['InvitationPreview'];
type Row = typeof staffInvitations.$inferSelect;

export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
/** Mails an ADMIN's invitations may send an hour: a team is hired by the handful. */
const INVITATIONS_PER_HOUR = 30;

const digestOf = (token: string) => createHash('sha256').update(token).digest('hex');

const invalid = (field: string, message: string) =>
  new ProductError('validation', 'VALIDATION_ERROR', message, { fields: { [field]: message } });
const unknownLink = () =>
  notFound('Ссылка приглашения не найдена: проверьте, что она скопирована из письма целиком');
const used = () =>
  new ProductError(
    'conflict',
    'INVITATION_USED',
    'Приглашение уже использовано: войдите со своим email и паролем',
  );
const expired = () =>
  new ProductError(
    'gone',
    'INVITATION_EXPIRED',
    'Срок приглашения истёк: попросите администратора пригласить вас снова',
  );

/** «Иван Петров» → first name «Иван», last name «Петров» (the rest of the words). */
export function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { firstName: first ?? '', lastName: rest.length ? rest.join(' ') : null };
}

async function partnerNameOf(ctx: AppContext, partnerId: number | null): Promise<string | null> {
  if (partnerId === null) return null;
  const [partner] = await ctx.db
    .select({ name: partners.name })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return partner?.name ?? null;
}

async function toInvitation(ctx: AppContext, row: Row): Promise<StaffInvitation> {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    partnerId: row.partnerId,
    partnerName: await partnerNameOf(ctx, row.partnerId),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    invitedByEmail: row.invitedByEmail,
  };
}

export interface InviteInput {
  email: string;
  name: string;
  role: StaffRole;
  partnerId?: number | null;
}

export async function inviteStaff(
  ctx: AppContext,
  admin: SignedInUser,
  input: InviteInput,
  /** The site the link opens (PUBLIC_URL, or the admin's page origin without it). */
  siteUrl: string,
): Promise<StaffInvitation> {
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  if (!name) throw invalid('name', 'Введите имя сотрудника');
  const partnerId = input.role === 'PARTNER' ? (input.partnerId ?? null) : null;
  if (input.role === 'PARTNER') {
    if (partnerId === null) throw invalid('partnerId', 'Выберите партнёра, у которого работает сотрудник');
    if ((await partnerNameOf(ctx, partnerId)) === null) throw notFound('Партнёр не найден');
  }
  const [account] = await ctx.db
    .select({ role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = ${email} or lower(${users.login}) = ${email}`);
  if (account && isStaffRole(account.role)) {
    throw new ProductError('conflict', 'EMAIL_HAS_ACCESS', 'У этого email уже есть доступ к бэк-офису');
  }
  await hit(ctx.db, [
    {
      key: `invite:admin:${admin.id}`,
      limit: INVITATIONS_PER_HOUR,
      windowSeconds: 60 * 60,
      message: (wait) => `Слишком много приглашений за час. Повторите через ${wait}.`,
    },
  ]);
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    // The newest invitation is the one that counts: the older link stops working.
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          sql`lower(${staffInvitations.email}) = ${email}`,
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      );
    const [created] = await tx
      .insert(staffInvitations)
      .values({
        email,
        name,
        role: input.role,
        partnerId,
        tokenDigest: digestOf(token),
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        invitedBy: admin.id,
        invitedByEmail: admin.email,
        createdAt: now,
      })
      .returning();
    if (!created) throw new Error('invitation insert returned nothing');
    return created;
  });
  const link = new URL('/crm-invite', `${siteUrl}/`);
  link.searchParams.set('token', token);
  await ctx.mail.send({
    template: 'staff-invitation',
    to: email,
    params: {
      name,
      role: input.role,
      partnerName: await partnerNameOf(ctx, partnerId),
      link: link.toString(),
      invitedBy: admin.email,
    },
  });
  return toInvitation(ctx, row);
}

/** Invitations not accepted, not replaced and still within their 72 hours, newest first. */
export async function listInvitations(ctx: AppContext): Promise<StaffInvitation[]> {
  const rows = await ctx.db
    .select()
    .from(staffInvitations)
    .where(
      and(
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id));
  return Promise.all(rows.map((row) => toInvitation(ctx, row)));
}

/** Guessing tokens is hopeless (256 bits); still, each address's tries are counted like sign-ins. */
async function countTry(ctx: AppContext, ip: string): Promise<void> {
  await attemptAll(ctx.db, [[`invitation:ip:${ip}`, ADDRESS_BACKOFF]]);
}

/** The invitation of a link, or why it no longer works. */
async function usableInvitation(ctx: AppContext, token: string, now = new Date()): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenDigest, digestOf(token)));
  if (!row || row.revokedAt) throw unknownLink();
  if (row.acceptedAt) throw used();
  if (row.expiresAt <= now) throw expired();
  return row;
}

export async function previewInvitation(
  ctx: AppContext,
  token: string,
  ip: string,
): Promise<InvitationPreview> {
  await countTry(ctx, ip);
  const row = await usableInvitation(ctx, token);
  return {
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    partnerName: await partnerNameOf(ctx, row.partnerId),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Sets the password by the link and signs the invitee in. One transaction takes the link (used
 * once, whatever two tabs do), makes or promotes the account, keeps the change in its history
 * and ends its older sessions (a customer's session must not carry on with a staff role unseen).
 */
export async function acceptInvitation(
  ctx: AppContext,
  token: string,
  password: string,
  client: ClientInfo,
): Promise<AuthResult> {
  await countTry(ctx, client.ip);
  await usableInvitation(ctx, token);
  // Hashed outside the transaction: argon2 takes a while and PGlite has one connection.
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const userId = await ctx.db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(staffInvitations)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(staffInvitations.tokenDigest, digestOf(token)),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
          gt(staffInvitations.expiresAt, now),
        ),
      )
      .returning();
    if (!invitation) throw used();
    const { firstName, lastName } = splitName(invitation.name);
    const [existing] = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(sql`lower(${users.email}) = ${invitation.email}`);
    const changes = {
      role: invitation.role,
      partnerId: invitation.partnerId,
      passwordHash,
      updatedAt: now,
    };
    let id: number;
    if (existing) {
      const before = await readUserSnapshot(tx, existing.id);
      const named = existing.firstName || existing.lastName ? {} : { firstName, lastName };
      await tx
        .update(users)
        .set({ ...changes, ...named })
        .where(eq(users.id, existing.id));
      const after = await readUserSnapshot(tx, existing.id);
      const admin = inviter(invitation);
      if (before && after && admin) {
        await recordUserChanges(tx, existing.id, admin, before, after, 'Приглашение принято');
      }
      await revokeUserSessions(tx, existing.id);
      id = existing.id;
    } else {
      const [created] = await tx
        .insert(users)
        .values({ email: invitation.email, firstName, lastName, ...changes })
        .returning({ id: users.id });
      if (!created) throw new Error('user insert returned nothing');
      id = created.id;
    }
    await tx.update(staffInvitations).set({ userId: id }).where(eq(staffInvitations.id, invitation.id));
    return id;
  });
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('the invited user is gone');
  return completeSignIn(ctx, user, client);
}

/** The history names the ADMIN who invited as the one who gave the role (unless their account is gone). */
const inviter = (invitation: Row) =>
  invitation.invitedBy === null
    ? null
    : { id: invitation.invitedBy, email: invitation.invitedByEmail, role: 'ADMIN' as const };
