/**
 * Writing and removing stored files' bytes through the configured storage (ctx.storage,
 * server/storage): a new file gets a fresh uuid and the key <YYYY-MM>/<uuid>, as uploads do.
 */
import { randomUUID } from 'node:crypto';
import { type FileStorage, newStorageKey } from '../../storage/file-storage';

export async function writeStoredFile(
  storage: FileStorage,
  bytes: Uint8Array,
  contentType: string,
): Promise<{ id: string; storagePath: string }> {
  const id = randomUUID();
  const storagePath = newStorageKey(id);
  await storage.write(storagePath, bytes, contentType);
  return { id, storagePath };
}

/**
 * Removes the bytes of rows that are gone (or never committed). Its failure (object storage
 * away for a moment) is not the caller's: the rows no longer name these bytes, which then only
 * take space; the request that deleted them has done its work and is not failed for it.
 */
export async function removeStoredFiles(storage: FileStorage, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => storage.remove(key)));
}
