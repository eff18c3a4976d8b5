/**
 * Staff change their own email and password from /profile.
 *
 * Email: the account's identity — sign-in codes go to it and a customer's orders are matched by
 * it (docs/decisions/0011) — so a new address must be proved with a code sent to it, like a
 * sign-in. The code is bound to the account and the address (stored under
 * `email-change:<user id>:<email>`), so a sign-in code of that address cannot confirm a change,
 * nor one account's code another's. Sign-in's limits apply to asking and checking, and two of
 * their own bound the mail: per account (any staff account, a partner's included, could else mail
 * codes to any number of outside addresses) and per address the code goes to.
 *
 * Password: the current one is needed; guesses back off like sign-in's. The caller's other
 * sessions end with the change (someone else may have known the old password); this one stays.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { consumeEmailCode, issueEmailCode, normalizeEmail } from '../../auth/email-codes';
import { codeCheckLimits, codeRequestLimits, RESEND_AFTER_SECONDS } from '../../auth/email-sign-in';
import { PAIR_BACKOFF } from '../../auth/password-sign-in';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { attemptAll, clearLimit, hit, type RateLimit } from '../../auth/rate-limits';
import type { SignedInUser } from '../../auth/tokens';
import { isUniqueViolation } from '../../db/errors';
import { sessions, users } from '../../db/schema';
import { ProductError } from '../../errors';
import { changeOwnAccount, getProfile, type Profile } from './profile';

const emailTaken = () =>
  new ProductError('conflict', 'EMAIL_TAKEN', 'Этот email уже занят другой учётной записью');

const fieldError = (field: string, message: string) =>
  new ProductError('validation', 'VALIDATION_ERROR', message, { fields: { [field]: message } });

const changeKey = (userId: number, email: string) => `email-change:${userId}:${email}`;

const HOUR = 60 * 60;
/** A person changing their address asks a code or two, a resend or two: never more than this. */
export const EMAIL_CHANGE_CODES_PER_ACCOUNT = 5;
export const EMAIL_CHANGE_CODES_PER_ADDRESS = 3;

const emailChangeLimits = (userId: number, email: string): RateLimit[] => [
  {
    key: `email-change:account:${userId}`,
    limit: EMAIL_CHANGE_CODES_PER_ACCOUNT,
    windowSeconds: HOUR,
    message: (wait) => `Слишком много кодов для смены email за час. Повторите через ${wait}.`,
  },
  {
    key: `email-change:to:${email}`,
    limit: EMAIL_CHANGE_CODES_PER_ADDRESS,
    windowSeconds: HOUR,
    message: (wait) => `На этот адрес уже отправлено несколько кодов. Повторите через ${wait}.`,
  },
];

/** 409 when another account has the address as its email or as its login (both sign in by it). */
async function assertEmailFree(ctx: AppContext, email: string, userId: number): Promise<void> {
  const [other] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(ne(users.id, userId), sql`(lower(${users.email}) = ${email} or lower(${users.login}) = ${email})`),
    )
    .limit(1);
  if (other) throw emailTaken();
}

export async function requestEmailChange(ctx: AppContext, user: SignedInUser, rawEmail: string, ip: string) {
  const email = normalizeEmail(rawEmail);
  const [own] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
  if (own?.email && normalizeEmail(own.email) === email) {
    throw fieldError('email', 'Это и есть ваш email сейчас: введите новый адрес');
  }
  await assertEmailFree(ctx, email, user.id);
  await hit(ctx.db, [
    ...emailChangeLimits(user.id, email),
    ...codeRequestLimits(email, ip, ctx.config.limits.signInCodesPerHourPerAddress),
  ]);
  const code = await issueEmailCode(ctx.db, ctx.keys.emailCode, changeKey(user.id, email), ip);
  await ctx.mail.send({ template: 'email-change-code', to: email, params: { code } });
  return { success: true, message: `Код отправлен на ${email}`, resendAfter: RESEND_AFTER_SECONDS };
}

export async function confirmEmailChange(
  ctx: AppContext,
  user: SignedInUser,
  rawEmail: string,
  code: string,
  ip: string,
): Promise<Profile> {
  const email = normalizeEmail(rawEmail);
  await hit(ctx.db, codeCheckLimits(ip));
  try {
    await consumeEmailCode(ctx.db, ctx.keys.emailCode, changeKey(user.id, email), code);
  } catch (error) {
    // Sign-in answers a wrong code with 401; here that would read as a session ended.
    if (error instanceof ProductError && error.kind === 'unauthenticated') {
      throw new ProductError('refused', error.code, error.message, { fields: { code: error.message } });
    }
    throw error;
  }
  await assertEmailFree(ctx, email, user.id);
  try {
    await changeOwnAccount(ctx.db, user, { email });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return getProfile(ctx.db, user.id);
}

export async function changeOwnPassword(
  ctx: AppContext,
  user: SignedInUser,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const [own] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id));
  if (!own?.passwordHash) {
    throw new ProductError('conflict', 'NO_PASSWORD', 'Пароль ещё не задан — его задаёт администратор');
  }
  const limitKey = `password-change:${user.id}`;
  // Counted before the argon2 check, as at sign-in: the count bounds the guesses.
  await attemptAll(ctx.db, [[limitKey, PAIR_BACKOFF]]);
  if (!(await verifyPassword(own.passwordHash, currentPassword))) {
    throw fieldError('currentPassword', 'Текущий пароль введён неверно');
  }
  await clearLimit(ctx.db, limitKey);
  if (newPassword === currentPassword) {
    throw fieldError('newPassword', 'Новый пароль должен отличаться от текущего');
  }
  const passwordHash = await hashPassword(newPassword);
  await changeOwnAccount(ctx.db, user, { passwordHash }, async (tx) => {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, user.sessionId), isNull(sessions.revokedAt)));
  });
}
