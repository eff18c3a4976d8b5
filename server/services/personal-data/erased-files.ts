/**
 * The bytes of an erased person's scans, removed after the erasure's commit (its rows are gone by
 * then, so nothing half-done shows): right away, and again by the `remove-erased-files` task of the
 * personal-data queue until the storage confirms every key gone. The erasure record keeps the keys
 * still pending — storage keys, not personal data — and when the last went.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { personalDataErasures } from '../../db/schema';

/** pg-boss retries: about a day of growing pauses, as the other outside services get. */
export const REMOVE_ERASED_FILES_OPTIONS = {
  retryLimit: 15,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 600,
} as const;

export class StorageRemovalPending extends Error {
  override name = 'StorageRemovalPending';
}

/** Removes what is pending; throws (for the task's retry) while some bytes would not go. */
export async function removeErasedFiles(ctx: Pick<AppContext, 'db' | 'storage'>, erasureId: number) {
  const [erasure] = await ctx.db
    .select({ pendingKeys: personalDataErasures.pendingKeys })
    .from(personalDataErasures)
    .where(eq(personalDataErasures.id, erasureId));
  if (!erasure || erasure.pendingKeys.length === 0) return;
  const outcomes = await Promise.allSettled(erasure.pendingKeys.map((key) => ctx.storage.remove(key)));
  const left = erasure.pendingKeys.filter((_, i) => outcomes[i]?.status === 'rejected');
  await ctx.db
    .update(personalDataErasures)
    .set({ pendingKeys: left, filesRemovedAt: left.length === 0 ? new Date() : null })
    .where(eq(personalDataErasures.id, erasureId));
  if (left.length > 0) {
    const first = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    throw new StorageRemovalPending(
      `Хранилище не удалило ${left.length} файл(ов) удалённых данных: ${String(first.reason?.message ?? first.reason)}`,
    );
  }
}
