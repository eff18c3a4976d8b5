/**
 * Uploaded order documents that no order took within a day are removed, rows and bytes: the
 * public form uploads before the order is sent, and abandoned forms would otherwise keep
 * strangers' passports in the file storage for ever. Runs hourly as one of the periodic jobs
 * (services/monitoring/periodic-jobs.ts; cron is stored in the database, so one process of many
 * runs it), and also sweeps files/incoming of parts a crashed request left behind.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { files, orderFiles } from '../../db/schema';
import { FILE_CLEANUP_QUEUE } from '../../queue/queues';
import { incomingPartsFolder } from '../../storage/local-storage';
import { removeStoredFiles } from './stored-files';

export { FILE_CLEANUP_QUEUE };
/** Unattached uploads live this long: enough to finish a form the next morning. */
export const UNATTACHED_FILE_TTL_MS = 24 * 60 * 60 * 1000;

export interface CleanupResult {
  removedFiles: number;
  removedIncoming: number;
}

/** Removes incoming parts older than the cut-off; a live upload touches its part continuously. */
async function sweepIncoming(dataDir: string, cutoff: number): Promise<number> {
  const incoming = incomingPartsFolder(dataDir);
  const names = await readdir(incoming).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const path = join(incoming, name);
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < cutoff) {
      await rm(path, { force: true, recursive: true });
      removed++;
    }
  }
  return removed;
}

export async function removeUnattachedFiles(ctx: AppContext, now = new Date()): Promise<CleanupResult> {
  const cutoff = new Date(now.getTime() - UNATTACHED_FILE_TTL_MS);
  // One statement: a file an order takes at this moment is either kept or the order's insert
  // of order_files fails its foreign key, never left pointing at a missing file.
  const removed = await ctx.db
    .delete(files)
    .where(
      and(
        // Results and message files always have their order; without one, it was deleted.
        inArray(files.kind, ['ORDER_DOCUMENT', 'ORDER_RESULT', 'MESSAGE_FILE']),
        isNull(files.orderId),
        lt(files.createdAt, cutoff),
        notExists(ctx.db.select({ one: sql`1` }).from(orderFiles).where(eq(orderFiles.fileId, files.id))),
      ),
    )
    .returning({ storagePath: files.storagePath });
  await removeStoredFiles(
    ctx.storage,
    removed.map((file) => file.storagePath),
  );
  const removedIncoming = await sweepIncoming(ctx.config.dataDir, cutoff.getTime());
  return { removedFiles: removed.length, removedIncoming };
}
