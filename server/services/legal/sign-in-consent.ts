/**
 * The cabinet sign-in's consent: ticked on the form that asks for the email, kept for that address
 * until the emailed code or link proves it, then the account's. The form cannot know whether the
 * address already has an account without telling a stranger, so it asks everyone; an account that
 * consented to the current version already gets no second record (docs/decisions/0044).
 */
import type { AppContext } from '../../app-context';
import { normalizeEmail } from '../../auth/email-codes';
import { requestEmailCode, signInWithLink, verifyEmailCode } from '../../auth/email-sign-in';
import type { AuthResult, ClientInfo } from '../../auth/sign-in';
import { claimSignInConsent, recordSignInConsent } from './consents';

export async function requestSignInCode(
  ctx: AppContext,
  body: { email: string; personalDataConsent?: boolean },
  client: ClientInfo,
) {
  const answer = await requestEmailCode(ctx, body.email, client);
  if (body.personalDataConsent === true)
    await recordSignInConsent(ctx.db, normalizeEmail(body.email), client);
  return answer;
}

async function claimed(ctx: AppContext, email: string, result: AuthResult): Promise<AuthResult> {
  await claimSignInConsent(ctx.db, result.user.id, normalizeEmail(email));
  return result;
}

export async function signInByCode(ctx: AppContext, email: string, code: string, client: ClientInfo) {
  return claimed(ctx, email, await verifyEmailCode(ctx, email, code, client));
}

export async function signInByLink(ctx: AppContext, email: string, hash: string, client: ClientInfo) {
  return claimed(ctx, email, await signInWithLink(ctx, email, hash, client));
}
