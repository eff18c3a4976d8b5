/**
 * Bytes of generated documents under DATA_DIR/files, laid out like uploads (month folder, the
 * file's uuid as its name) and private like them: 0600 files in 0700 folders.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;

export const storedFilePath = (dataDir: string, storagePath: string) => join(dataDir, 'files', storagePath);

export async function writeStoredFile(
  dataDir: string,
  bytes: Uint8Array,
): Promise<{ id: string; storagePath: string }> {
  const id = randomUUID();
  const storagePath = join(new Date().toISOString().slice(0, 7), id);
  const target = storedFilePath(dataDir, storagePath);
  await mkdir(dirname(target), { recursive: true, mode: PRIVATE_FOLDER });
  await writeFile(target, bytes, { mode: PRIVATE_FILE, flag: 'wx' });
  return { id, storagePath };
}

export async function removeStoredFile(dataDir: string, storagePath: string): Promise<void> {
  await rm(storedFilePath(dataDir, storagePath), { force: true });
}
