/**
 * Six-digit sign-in codes. Only HMAC-SHA256(key, email:code) is stored. Up to LIVE_CODES codes
 * per email stay valid, so a stranger asking for a code for someone's email does not void the
 * one the owner already has; a code lives 10 minutes, is used once and allows 5 tries. A try is
 * counted on every live code before any is compared, in one UPDATE, so parallel guesses cannot
 * get more than 5 per code.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailCodes } from '../db/schema';
import { codeExpired, invalidCode } from './errors';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_TRIES = 5;
export const LIVE_CODES = 3;

/** The one form of an email the server stores and compares. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function digest(key: Buffer, email: string, code: string): Buffer {
  return createHmac('sha256', key).update(`${email}:${code}`).digest();
}

/** Makes a new code for the (normalised) email, retiring all but the newest earlier ones, and returns it. */
export async function issueEmailCode(db: Database, key: Buffer, email: string, ip: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  await db.transaction(async (tx) => {
    const kept = tx
      .select({ id: emailCodes.id })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), isNull(emailCodes.usedAt)))
      .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
      .limit(LIVE_CODES - 1);
    await tx
      .update(emailCodes)
      .set({ usedAt: now })
      .where(and(eq(emailCodes.email, email), isNull(emailCodes.usedAt), notInArray(emailCodes.id, kept)));
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
  const live = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(
        eq(emailCodes.email, email),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, now),
        lt(emailCodes.attempts, MAX_CODE_TRIES),
      ),
    )
    .returning({ id: emailCodes.id, codeHash: emailCodes.codeHash, attempts: emailCodes.attempts });
  if (live.length === 0) throw codeExpired();

  const given = digest(key, email, code);
  const match = live.find(({ codeHash }) => {
    const stored = Buffer.from(codeHash, 'hex');
    return stored.length === given.length && timingSafeEqual(stored, given);
  });
  if (!match) {
    const burnt = live.filter((row) => row.attempts >= MAX_CODE_TRIES).map((row) => row.id);
    if (burnt.length > 0)
      await db.update(emailCodes).set({ usedAt: now }).where(inArray(emailCodes.id, burnt));
    throw invalidCode(Math.max(0, ...live.map((row) => MAX_CODE_TRIES - row.attempts)));
  }
  const [used] = await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.id, match.id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  if (!used) throw codeExpired(); // a parallel request used it first
}
