/**
 * The bytes of the snapshot's files rows, pinned at the moment of the snapshot: each is
 * hard-linked into a staging folder, DATA_DIR/.backup-<uuid>/files (on the data folder's file
 * system, so a link is a few microseconds and no copy), and archived from there afterwards. Stored files are never
 * changed in place (written once under a fresh uuid), so a link is as good as a copy; a file
 * removed from its place after the snapshot lives on through the link until the archive is done.
 * Where links are refused (another file system mounted under files/, some network shares) the
 * bytes are copied instead.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isArchiveName } from './archive';

export interface StagedFile {
  storagePath: string;
  /** Where the pinned bytes are, inside the staging folder. */
  path: string;
  size: number;
}

export interface StagedFiles {
  folder: string;
  files: StagedFile[];
  /** Storage paths of rows whose bytes are not in DATA_DIR/files (or not a safe name). */
  missing: string[];
}

const STAGING_PREFIX = '.backup-';
/** Links are cheap but not free: a few at a time keeps the event loop answering. */
const PARALLEL = 16;
const DAY_MS = 24 * 60 * 60 * 1000;

const filesRoot = (dataDir: string) => join(dataDir, 'files');

/** A new, private staging folder for one backup, DATA_DIR/.backup-<uuid>. */
export async function newStagingFolder(dataDir: string): Promise<string> {
  const folder = join(dataDir, `${STAGING_PREFIX}${randomUUID()}`);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  return folder;
}

/** Staging folders a crashed backup left behind, a day or more old. */
export async function removeStaleStaging(dataDir: string, now = Date.now()): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  for (const name of names.filter((entry) => entry.startsWith(STAGING_PREFIX))) {
    const info = await stat(join(dataDir, name)).catch(() => undefined);
    if (info && now - info.mtimeMs > DAY_MS) await rm(join(dataDir, name), { recursive: true, force: true });
  }
}

async function pin(source: string, target: string): Promise<void> {
  try {
    await link(source, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EEXIST') throw error;
    // EXDEV, EPERM, ENOTSUP, EMLINK: no hard link here, copy the bytes.
    await copyFile(source, target);
  }
}

/** Pins the bytes of each storage path into `folder`; rows without bytes are reported as missing. */
export async function stageStoredFiles(
  dataDir: string,
  folder: string,
  storagePaths: string[],
): Promise<StagedFiles> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const files: StagedFile[] = [];
  const missing: string[] = [];
  const folders = new Map<string, Promise<unknown>>();
  const root = filesRoot(dataDir);
  const queue = [...new Set(storagePaths)];
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const storagePath = queue[next++] as string;
      if (!isArchiveName(`files/${storagePath}`)) {
        missing.push(storagePath);
        continue;
      }
      const target = join(folder, storagePath);
      const parent = dirname(target);
      let made = folders.get(parent);
      if (!made) {
        made = mkdir(parent, { recursive: true, mode: 0o700 });
        folders.set(parent, made);
      }
      await made;
      try {
        await pin(join(root, storagePath), target);
        files.push({ storagePath, path: target, size: (await stat(target)).size });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        missing.push(storagePath);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  files.sort((a, b) => a.storagePath.localeCompare(b.storagePath));
  return { folder, files, missing: missing.sort() };
}
