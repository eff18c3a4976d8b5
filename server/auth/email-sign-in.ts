/**
 * Sign-in by email: a code (and a one-time link) sent to the address, then the code or the link
 * back. The answer to a code request is the same for every address, known or not: a new one
 * becomes a customer at its first verification.
 */
import type { AppContext } from '../app-context';
import { consumeEmailCode, issueEmailCode, normalizeEmail } from './email-codes';
import { hit, type RateLimit } from './rate-limits';
import { type AuthResult, type ClientInfo, completeSignIn, findOrCreateUserByEmail } from './sign-in';
import { consumeSignInLink, createSignInLink } from './sign-in-links';

export const RESEND_AFTER_SECONDS = 60;

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * The address first: one over its limit touches nobody's email quota. The once-a-minute limit is
 * per email and address, so a stranger's request never makes the owner wait; the hourly ceiling
 * per email only bounds the mail sent to one inbox (docs/decisions/0009-sign-in-limits.md).
 */
export const codeRequestLimits = (email: string, ip: string, perAddress: number): RateLimit[] => [
  { key: `code:ip:${ip}`, limit: perAddress, windowSeconds: HOUR },
  { key: `code:pair-minute:${ip}:${email}`, limit: 1, windowSeconds: RESEND_AFTER_SECONDS },
  { key: `code:email-hour:${email}`, limit: 20, windowSeconds: HOUR },
];

export const codeCheckLimits = (ip: string): RateLimit[] => [
  { key: `code-check:ip:${ip}`, limit: 100, windowSeconds: HOUR },
];

export async function requestEmailCode(ctx: AppContext, rawEmail: string, client: ClientInfo) {
  const email = normalizeEmail(rawEmail);
  await hit(ctx.db, codeRequestLimits(email, client.ip, ctx.config.limits.signInCodesPerHourPerAddress));
  const code = await issueEmailCode(ctx.db, ctx.keys.emailCode, email, client.ip);
  const link = await createSignInLink(ctx.db, ctx.config.publicUrl, email);
  await ctx.mail.send({ template: 'sign-in-code', to: email, params: { code, link } });
  return { success: true, message: `Код отправлен на ${email}`, resendAfter: RESEND_AFTER_SECONDS };
}

export async function verifyEmailCode(
  ctx: AppContext,
  rawEmail: string,
  code: string,
  client: ClientInfo,
): Promise<AuthResult> {
  const email = normalizeEmail(rawEmail);
  await hit(ctx.db, codeCheckLimits(client.ip));
  await consumeEmailCode(ctx.db, ctx.keys.emailCode, email, code);
  return completeSignIn(ctx, await findOrCreateUserByEmail(ctx.db, email), client);
}

export async function signInWithLink(
  ctx: AppContext,
  rawEmail: string,
  hash: string,
  client: ClientInfo,
): Promise<AuthResult> {
  const email = normalizeEmail(rawEmail);
  await consumeSignInLink(ctx.db, email, hash);
  return completeSignIn(ctx, await findOrCreateUserByEmail(ctx.db, email), client);
}
