/**
 * An Idempotency-Key taken inside the transaction of the write it guards. The key's row is
 * inserted first: a parallel request with the same key waits on it and then sees it. A key seen
 * before with another request body is refused (422), never replayed as if it were the same.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { idempotencyKeys } from '../../db/schema';
import { ProductError } from '../../errors';

export type KeyClaim = { fresh: true } | { fresh: false; orderId: number | null };

/** Every order's first statement, prepared once (db/prepared.ts). */
const claimKey = preparedStatement<{ key: string; requestHash: string }, { key: string }>(
  'idempotency_key_claim',
  (value) => sql`insert into ${idempotencyKeys} (key, request_hash)
    values (${value('key')}::text, ${value('requestHash')}::text) on conflict do nothing returning key`,
);

export async function claimIdempotencyKey(
  tx: Database,
  key: string,
  requestHash: string,
  reusedMessage: string,
): Promise<KeyClaim> {
  const claimed = await claimKey.rows(tx, { key, requestHash });
  if (claimed.length > 0) return { fresh: true };
  const [seen] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  if (!seen || seen.requestHash !== requestHash) {
    throw new ProductError('refused', 'IDEMPOTENCY_KEY_REUSED', reusedMessage);
  }
  return { fresh: false, orderId: seen.orderId };
}
