/**
 * One-time sign-in links: `${PUBLIC_URL}/?pwa=true&hash=…&email=…`. They go to the app's landing,
 * which opens only in the installed app or with pwa=true (docs/back-office-screens.md, the
 * landing), hence the flag: the link then works from any mail client. The hash is 32 random bytes
 * (base64url); only its SHA-256 is stored, so a database leak opens no cabinet. A link lives 24
 * hours and works once. Order emails of later issues make theirs with createSignInLink.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { magicLinks } from '../db/schema';
import { normalizeEmail } from './email-codes';
import { linkInvalid } from './errors';

export const SIGN_IN_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const digestOf = (hash: string) => createHash('sha256').update(hash).digest('hex');

/** A new link for the email (and its user, when known); returns the URL to put in an email. */
export async function createSignInLink(
  db: Database,
  publicUrl: string,
  email: string,
  userId: number | null = null,
): Promise<string> {
  const normalized = normalizeEmail(email);
  const hash = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.insert(magicLinks).values({
    tokenDigest: digestOf(hash),
    email: normalized,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS),
  });
  const url = new URL('/', `${publicUrl}/`);
  url.searchParams.set('pwa', 'true');
  url.searchParams.set('hash', hash);
  url.searchParams.set('email', normalized);
  return url.toString();
}

/** Uses the link made for this email; a used, expired, unknown or foreign one is 401 LINK_INVALID. */
export async function consumeSignInLink(db: Database, email: string, hash: string): Promise<void> {
  const now = new Date();
  const [used] = await db
    .update(magicLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(magicLinks.tokenDigest, digestOf(hash)),
        eq(magicLinks.email, normalizeEmail(email)),
        isNull(magicLinks.usedAt),
        gt(magicLinks.expiresAt, now),
      ),
    )
    .returning({ id: magicLinks.id });
  if (!used) throw linkInvalid();
}
