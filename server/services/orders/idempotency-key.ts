/**
 * An Idempotency-Key taken inside the transaction of the write it guards. The key's row is
 * inserted first: a parallel request with the same key waits on it and then sees it. A key seen
 * before with another request body is refused (422), never replayed as if it were the same.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { ProductError } from '../../errors';

export type KeyClaim = { fresh: true } | { fresh: false; orderId: number | null };

export async function claimIdempotencyKey(
  tx: Database,
  key: string,
  requestHash: string,
  reusedMessage: string,
): Promise<KeyClaim> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return { fresh: true };
  const [seen] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  if (!seen || seen.requestHash !== requestHash) {
    throw new ProductError('refused', 'IDEMPOTENCY_KEY_REUSED', reusedMessage);
  }
  return { fresh: false, orderId: seen.orderId };
}
