/**
 * The person's rights as the operations call them: a copy of their data (their own, or a
 * customer's for an ADMIN answering a written request), and erasure (their own account, or a
 * customer's on a written request, with its note).
 */
import type { AppContext } from '../../app-context';
import type { SignedInUser } from '../../auth/tokens';
import { ProductError } from '../../errors';
import { archiveStream, countExport, personalDataArchive } from './data-export';
import { erasePersonalData } from './erasure';
import { findPerson } from './person';

export interface ClientOfRequest {
  ip: string | undefined;
  userAgent: string | undefined;
}

async function archiveOf(ctx: AppContext, requester: SignedInUser, userId: number, byStaff: boolean) {
  const person = await findPerson(ctx.db, userId);
  if (person.erasedAt)
    throw new ProductError('conflict', 'ALREADY_ERASED', 'Персональные данные этого пользователя удалены');
  await countExport(ctx, requester.id);
  const archive = await personalDataArchive(ctx, person, { byStaff });
  return { fileName: archive.fileName, stream: archiveStream(archive) };
}

export const exportOwnData = (ctx: AppContext, caller: SignedInUser) =>
  archiveOf(ctx, caller, caller.id, false);

export const exportPersonData = (ctx: AppContext, admin: SignedInUser, userId: number) =>
  archiveOf(ctx, admin, userId, true);

export const eraseOwnAccount = (ctx: AppContext, caller: SignedInUser, client: ClientOfRequest) =>
  erasePersonalData(ctx, caller.id, {
    requestedBy: 'CUSTOMER',
    actor: null,
    note: null,
    ip: client.ip ?? null,
    userAgent: client.userAgent ?? null,
  });

export const erasePersonData = (
  ctx: AppContext,
  admin: SignedInUser,
  userId: number,
  note: string,
  client: ClientOfRequest,
) =>
  erasePersonalData(ctx, userId, {
    requestedBy: 'STAFF',
    actor: { id: admin.id, email: admin.email },
    note,
    ip: client.ip ?? null,
    userAgent: client.userAgent ?? null,
  });
