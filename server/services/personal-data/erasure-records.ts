/**
 * The erasure records as the contract's Erasure: what the users list shows of an erased account,
 * and what an erasure answers.
 */
import { asc, inArray } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import type { Database } from '../../db/client';
import { personalDataErasures } from '../../db/schema';

export type ErasureView = components['schemas']['Erasure'];

type ErasureRow = typeof personalDataErasures.$inferSelect;

export const toErasureView = (row: ErasureRow): ErasureView => ({
  erasedAt: row.createdAt.toISOString(),
  requestedBy: row.requestedBy,
  actorEmail: row.actorEmail,
  note: row.note,
  orders: row.orders,
  scans: row.scans,
  filesRemovedAt: row.filesRemovedAt?.toISOString() ?? null,
});

/** The erasure records of these accounts, for the users list (newest per account). */
export async function erasuresOf(
  db: Database,
  userIds: readonly number[],
): Promise<Map<number, ErasureView>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(personalDataErasures)
    .where(inArray(personalDataErasures.userId, [...userIds]))
    .orderBy(asc(personalDataErasures.createdAt));
  return new Map(rows.map((row) => [row.userId as number, toErasureView(row)]));
}
