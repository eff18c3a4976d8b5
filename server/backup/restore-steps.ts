/**
 * The steps both restores share (restore.ts says what a restore does): check and unpack the
 * archive, compare the restored database with its manifest, and swap it into DATA_DIR with the
 * current data moved aside.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerConfig } from '../config';
import { storageFor } from '../storage/configured';
import { isStorageKey } from '../storage/file-storage';
import { SERVER_VERSION } from '../version';
import { extractArchive, isArchiveName, verifyArchiveChecksum } from './archive';
import { stampOf } from './archive-name';
import type { SnapshotContents } from './database-snapshot';
import { BackupError } from './errors';
import { type BackupManifest, checkRestorable, newestKnownMigration, type SnapshotCounts } from './manifest';

export interface RestoreReport {
  archive: string;
  manifest: BackupManifest;
  /** Counted in the restored database. */
  counts: SnapshotCounts;
  /**
   * Files rows whose bytes are nowhere the server will look: not in the restored files/ (the
   * manifest's `missing` ones), or not in the bucket when files are in object storage.
   */
  filesWithoutBytes: number;
  /** Files are in object storage (S3_BUCKET): this bucket, described. */
  objectStorage: string | undefined;
  /** Bytes the archive held that the restore put into that bucket (a move from disk to S3). */
  filesUploaded: number;
  /** Where the replaced data went, when there was any. */
  movedAside: string | undefined;
  /** PostgreSQL with --force: the backup of the database as it was before. */
  safetyBackup: string | undefined;
}

export interface UnpackedArchive {
  staging: string;
  manifest: BackupManifest;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Checks the archive and unpacks it into DATA_DIR/.restore-<uuid>; the caller removes that. */
export async function unpackArchive(
  dataDir: string,
  archive: string,
  driver: 'pglite' | 'postgres',
): Promise<UnpackedArchive> {
  if (!(await exists(archive))) throw new BackupError(`Нет такого архива / no such archive: ${archive}`);
  await verifyArchiveChecksum(archive);
  const staging = join(dataDir, `.restore-${randomUUID()}`);
  await mkdir(staging, { recursive: true, mode: 0o700 });
  try {
    const manifest = await extractArchive(archive, staging);
    checkRestorable(manifest, { version: SERVER_VERSION, newestMigration: newestKnownMigration(), driver });
    await mkdir(join(staging, 'files'), { recursive: true, mode: 0o700 });
    return { staging, manifest };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** The restored database must hold what its manifest says, or the archive is not what it claims. */
export function checkCounts(manifest: BackupManifest, restored: SnapshotContents): void {
  const expected = manifest.counts;
  const actual = restored.counts;
  const differs = (Object.keys(expected) as (keyof SnapshotCounts)[]).filter(
    (key) => expected[key] !== actual[key],
  );
  if (differs.length > 0) {
    throw new BackupError(
      `the restored database does not hold what the archive's manifest says (${differs
        .map((key) => `${key}: ${actual[key]} instead of ${expected[key]}`)
        .join(', ')})`,
    );
  }
}

/** How many of the storage paths have no bytes under `filesFolder`. */
async function countWithoutBytes(storagePaths: string[], filesFolder: string): Promise<number> {
  let missing = 0;
  for (const storagePath of storagePaths) if (!(await exists(join(filesFolder, storagePath)))) missing++;
  return missing;
}

/** Object storage is asked a few keys at a time. */
const PARALLEL = 8;

async function eachKey(keys: string[], task: (key: string) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < keys.length) await task(keys[next++] as string);
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

export interface PlacedFiles {
  filesWithoutBytes: number;
  objectStorage: string | undefined;
  filesUploaded: number;
  /** DATA_DIR/files is replaced by the archive's (local storage only). */
  swapFiles: boolean;
}

/**
 * Where the restored rows' bytes go. Files on the local disk: the archive's files/ replaces
 * DATA_DIR/files, as it always did. Files in object storage: DATA_DIR/files (only upload parts
 * then) is left alone; an archive taken with the files in the bucket has no bytes and the bucket
 * is asked which rows it holds; an archive taken with files on disk has its bytes put into the
 * bucket — how a bureau moves its files from one machine's disk to object storage.
 */
export async function placeRestoredFiles(
  config: Pick<ServerConfig, 'dataDir' | 'storage'>,
  staging: string,
  manifest: BackupManifest,
  storagePaths: string[],
): Promise<PlacedFiles> {
  const filesFolder = join(staging, 'files');
  if (config.storage.kind === 'local') {
    return manifest.files.objectStorage
      ? {
          // The rows' bytes are in a bucket this server is not configured to reach.
          filesWithoutBytes: storagePaths.length,
          objectStorage: undefined,
          filesUploaded: 0,
          swapFiles: false,
        }
      : {
          filesWithoutBytes: await countWithoutBytes(storagePaths, filesFolder),
          objectStorage: undefined,
          filesUploaded: 0,
          swapFiles: true,
        };
  }
  const storage = storageFor(config);
  try {
    let filesUploaded = 0;
    let filesWithoutBytes = 0;
    await eachKey([...new Set(storagePaths)], async (key) => {
      if (!isStorageKey(key) || !isArchiveName(`files/${key}`)) {
        filesWithoutBytes++;
        return;
      }
      const archived = join(filesFolder, key);
      // The object's type is not what downloads send (that is the row's mime): a neutral one.
      if (!manifest.files.objectStorage && (await exists(archived))) {
        await storage.moveIn(key, archived, 'application/octet-stream');
        filesUploaded++;
      } else if (!(await storage.exists(key))) {
        filesWithoutBytes++;
      }
    });
    return { filesWithoutBytes, objectStorage: storage.description, filesUploaded, swapFiles: false };
  } finally {
    storage.close();
  }
}

/**
 * Moves DATA_DIR's `names` that exist into DATA_DIR/before-restore-<time>/, then the staging's
 * in their place. Returns the folder the old data went to, if any did.
 */
export async function swapIntoDataDir(
  dataDir: string,
  staging: string,
  names: string[],
  archive: string,
): Promise<string | undefined> {
  const aside = join(dataDir, `before-restore-${stampOf(new Date())}`);
  let moved = false;
  for (const name of names) {
    if (!(await exists(join(dataDir, name)))) continue;
    if (!moved) {
      await mkdir(aside, { recursive: true, mode: 0o700 });
      await writeFile(
        join(aside, 'README.txt'),
        `Данные, заменённые восстановлением из ${archive} (${new Date().toISOString()}).\n` +
          `Data replaced by the restore of ${archive}. Delete this folder once the restored data is fine.\n`,
        { mode: 0o600 },
      );
      moved = true;
    }
    await rename(join(dataDir, name), join(aside, name));
  }
  for (const name of names) {
    if (await exists(join(staging, name))) await rename(join(staging, name), join(dataDir, name));
  }
  return moved ? aside : undefined;
}
