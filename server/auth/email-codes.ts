/**
 * Six-digit sign-in codes. Only HMAC-SHA256(key, email:code) is stored; a new code replaces the
 * previous one; a code lives 10 minutes, is used once and allows 5 tries. A try is counted
 * before the code is compared, in one UPDATE, so parallel guesses cannot get more than 5.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailCodes } from '../db/schema';
import { codeExpired, invalidCode } from './errors';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_TRIES = 5;

/** The one form of an email the server stores and compares. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function digest(key: Buffer, email: string, code: string): Buffer {
  return createHmac('sha256', key).update(`${email}:${code}`).digest();
}

/** Makes a new code for the (normalised) email, retiring any earlier one, and returns it. */
export async function issueEmailCode(db: Database, key: Buffer, email: string, ip: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(emailCodes)
      .set({ usedAt: now })
      .where(and(eq(emailCodes.email, email), isNull(emailCodes.usedAt)));
    await tx.insert(emailCodes).values({
      email,
      codeHash: digest(key, email, code).toString('hex'),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
      ip,
    });
  });
  return code;
}

/** Uses the email's live code if `code` is it; otherwise 401 INVALID_CODE or CODE_EXPIRED. */
export async function consumeEmailCode(
  db: Database,
  key: Buffer,
  email: string,
  code: string,
): Promise<void> {
  const now = new Date();
  const latest = db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(eq(emailCodes.email, email))
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1);
  const [live] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(
        inArray(emailCodes.id, latest),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, now),
        lt(emailCodes.attempts, MAX_CODE_TRIES),
      ),
    )
    .returning({ id: emailCodes.id, codeHash: emailCodes.codeHash, attempts: emailCodes.attempts });
  if (!live) throw codeExpired();

  const stored = Buffer.from(live.codeHash, 'hex');
  const given = digest(key, email, code);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) {
    const triesLeft = MAX_CODE_TRIES - live.attempts;
    if (triesLeft <= 0) await db.update(emailCodes).set({ usedAt: now }).where(eq(emailCodes.id, live.id));
    throw invalidCode(triesLeft);
  }
  const [used] = await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.id, live.id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  if (!used) throw codeExpired(); // a parallel request used it first
}
