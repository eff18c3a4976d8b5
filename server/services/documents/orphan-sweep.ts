/**
 * Stored bytes that no `files` row names are removed once a day: a remove that failed after its
 * row was deleted, a write whose row's transaction rolled back, a process that died between the
 * two. Such an orphan only costs space, so the sweep is careful rather than quick
 * (docs/decisions/0035):
 * - it looks only at keys of the layout the server writes (<YYYY-MM>/<uuid>), written more than a
 *   day ago (bytes are written before their row commits, and an upload may be in flight);
 * - it asks the database about them 500 at a time, never reading the whole table; `files` holds
 *   the only column that names stored bytes;
 * - on S3 it runs only under this installation's S3_PREFIX, and only when the prefix's claim
 *   (`<prefix>/.installation`) names this database: a bucket may be shared with other
 *   installations, whose objects this database knows nothing of.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppContext } from '../../app-context';
import { files, settings } from '../../db/schema';
import { ORPHAN_SWEEP_QUEUE } from '../../queue/queues';
import { isGeneratedStorageKey } from '../../storage/file-storage';

export { ORPHAN_SWEEP_QUEUE };

/** Bytes younger than this are never swept, whether a row names them or not (yet). */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;
/** Keys asked about in one query. */
const BATCH = 500;

/** The settings row that names this installation's database to the storage's claim. */
const INSTALLATION_KEY = 'storage.installation';

type SweepContext = Pick<AppContext, 'config' | 'db' | 'storage'>;

export interface OrphanSweepResult {
  /** Objects the storage listed. */
  listed: number;
  /** Of them, old ones no row named, removed. */
  removed: number;
  /** Why nothing was looked at, when the sweep must not run on this storage. */
  skipped?: string;
}

/** Shown on the monitor, so in the owner's words: the setting it needs is S3_PREFIX. */
export const NO_PREFIX =
  'Выключено: у этой установки нет своей папки в облачном хранилище, а без неё чужие файлы не отличить от ничьих. ' +
  'Включит администратор сервера, задав папку установки в настройках';

/** Why the sweep cannot run with this configuration (PeriodicJob.unavailable), or null. */
export function orphanSweepOff(config: AppContext['config']): string | null {
  return config.storage.kind === 's3' && !config.storage.prefix ? NO_PREFIX : null;
}

const foreignClaim = (where: string, owner: string) =>
  `Хранилище ${where} занято другой установкой (${owner || 'пустая отметка'}): её файлы здесь не удаляются. ` +
  'Администратору сервера: задайте этой установке свою папку в хранилище';

/** This database's id, made once and kept in settings (it travels with a restored copy). */
export async function installationId(db: AppContext['db']): Promise<string> {
  await db.insert(settings).values({ key: INSTALLATION_KEY, value: randomUUID() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, INSTALLATION_KEY));
  return String(row?.value);
}

/** Why this database must not sweep the storage (unset prefix, a foreign claim), or null. */
async function refusal(ctx: SweepContext): Promise<string | null> {
  const off = orphanSweepOff(ctx.config);
  if (off) return off;
  const id = await installationId(ctx.db);
  const owner = await ctx.storage.claim(id);
  return owner === id ? null : foreignClaim(ctx.storage.description, owner);
}

/** Removes the keys of `batch` no row names; how many. */
async function removeUnnamed(ctx: SweepContext, batch: readonly string[]): Promise<number> {
  if (batch.length === 0) return 0;
  const named = await ctx.db
    .select({ key: files.storagePath })
    .from(files)
    .where(inArray(files.storagePath, [...batch]));
  const kept = new Set(named.map((row) => row.key));
  let removed = 0;
  for (const key of batch) {
    if (kept.has(key)) continue;
    await ctx.storage.remove(key);
    removed++;
  }
  return removed;
}

export async function removeOrphanObjects(ctx: SweepContext, now = new Date()): Promise<OrphanSweepResult> {
  const skipped = await refusal(ctx);
  if (skipped) return { listed: 0, removed: 0, skipped };
  const cutoff = now.getTime() - ORPHAN_GRACE_MS;
  let listed = 0;
  let removed = 0;
  let batch: string[] = [];
  for await (const object of ctx.storage.list()) {
    listed++;
    if (!isGeneratedStorageKey(object.key) || object.lastModified.getTime() >= cutoff) continue;
    batch.push(object.key);
    if (batch.length === BATCH) {
      removed += await removeUnnamed(ctx, batch);
      batch = [];
    }
  }
  removed += await removeUnnamed(ctx, batch);
  return { listed, removed };
}

/**
 * At start: says once in the log when the sweep is off and why, and on S3 with a prefix claims
 * it for this database before any sweep (a copy of this installation's environment started
 * later against another database then finds the claim taken). Never stops the start.
 */
export async function announceOrphanSweep(ctx: SweepContext, logger?: Pick<Logger, 'warn'>) {
  if (ctx.config.storage.kind !== 's3') return;
  try {
    const skipped = await refusal(ctx);
    if (skipped) logger?.warn({ storage: ctx.storage.description }, skipped);
  } catch (error) {
    logger?.warn(
      { err: error, storage: ctx.storage.description },
      'Хранилище: отметка установки не прочитана',
    );
  }
}
