/**
 * One backup is one file, `perevod-<UTC time>-v<version>[-manual].tar.gz`, and its checksum
 * beside it, `<archive>.sha256`, in the format `sha256sum -c` reads. Inside, a tar of:
 *   database/pglite/… or database/postgres.dump     the database snapshot (PGlite's data folder,
 *                                                   or pg_dump's custom format)
 *   files/<month>/<uuid>                            the bytes of every files row of the snapshot
 *   secrets.json                                    the JWT secret and VAPID keys, when present
 *   manifest.json (last)                            what the archive holds: manifest.ts
 * The archive is written as `.partial`, synced, then renamed: a crash never leaves a file that
 * looks like a finished backup. Restore checks the .sha256 first, then every entry against the
 * manifest's own size and sha256.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createGunzip } from 'node:zlib';
import { threadScript } from '../project-files';
import type { ArchiveJob, ArchiveJobReply } from './archive-worker';
import {
  type ArchiveSource,
  MANIFEST_ENTRY,
  type ManifestWithoutEntries,
  type WrittenArchive,
} from './archive-writer';
import { BackupError } from './errors';
import type { ArchiveEntry, BackupManifest } from './manifest';
import { readTar } from './tar';

export {
  type ArchiveSource,
  MANIFEST_ENTRY,
  type ManifestWithoutEntries,
  type WrittenArchive,
} from './archive-writer';

/** The thread's script: compiled, or its source behind a shim that loads tsx into the thread first. */
const WORKER = threadScript('archive-worker', new URL('./archive-worker.mjs', import.meta.url));

/**
 * Writes the archive and its .sha256 in a worker thread (archive-writer.ts says why); `manifest`
 * gets every entry written (name, size, sha256) and is the archive's last entry.
 */
export function writeArchive(
  target: string,
  sources: ArchiveSource[],
  manifest: ManifestWithoutEntries,
): Promise<WrittenArchive> {
  const job: ArchiveJob = { target, sources, manifest };
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: job });
    let replied = false;
    worker.once('message', (reply: ArchiveJobReply) => {
      replied = true;
      if (reply.ok) resolve(reply.written);
      else reject(reply.backupError ? new BackupError(reply.message) : new Error(reply.message));
    });
    worker.once('error', (error) => {
      replied = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!replied) reject(new Error(`the archive worker stopped (exit code ${code}) without a reply`));
    });
  });
}

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Compares the archive with its .sha256; throws BackupError when it is missing or differs. */
export async function verifyArchiveChecksum(archive: string): Promise<string> {
  let line: string;
  try {
    line = await readFile(`${archive}.sha256`, 'utf8');
  } catch {
    throw new BackupError(
      `Нет файла контрольной суммы ${archive}.sha256: скопируйте его вместе с архивом.\n` +
        `The checksum file ${archive}.sha256 is missing: copy it together with the archive.`,
    );
  }
  const expected = /^([0-9a-f]{64})\b/.exec(line.trim())?.[1];
  if (!expected) throw new BackupError(`${archive}.sha256 does not hold a SHA-256 checksum`);
  const actual = await sha256OfFile(archive);
  if (actual !== expected) {
    throw new BackupError(
      `Контрольная сумма архива не совпадает: архив повреждён или изменён.\n` +
        `The archive's checksum does not match ${archive}.sha256 (expected ${expected}, got ${actual}): the archive is damaged or was changed.`,
    );
  }
  return actual;
}

/** Entry names an archive of ours may hold; anything else (absolute, `..`) is refused. */
const SAFE_NAME =
  /^(manifest\.json|secrets\.json|database\/postgres\.dump|(database\/pglite|files)(\/[\w.-]+)*)$/;

/** True for a name restore will accept: backups check stored files' paths with it too. */
export const isArchiveName = (name: string) => SAFE_NAME.test(name) && !name.split('/').includes('..');

/**
 * Unpacks the archive into `into` (database/…, files/…, secrets.json) and returns its manifest,
 * after checking every file in it against the manifest's size and sha256.
 */
export async function extractArchive(archive: string, into: string): Promise<BackupManifest> {
  try {
    return await extractEntries(archive, into);
  } catch (error) {
    // Not gzip, not tar, not JSON: a file with a matching .sha256 but no backup of ours.
    if (error instanceof BackupError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(
      `Это не резервная копия этого приложения: ${archive} (${reason}).\n` +
        `Not a backup archive of this app: ${archive} (${reason}).`,
    );
  }
}

async function extractEntries(archive: string, into: string): Promise<BackupManifest> {
  const seen = new Map<string, ArchiveEntry>();
  let manifestText: string | undefined;
  await readTar(createReadStream(archive).pipe(createGunzip()), async (entry) => {
    if (!isArchiveName(entry.name)) {
      throw new BackupError(`unexpected entry in the archive: ${entry.name}`);
    }
    if (entry.type === 'directory') {
      await mkdir(join(into, entry.name), { recursive: true, mode: 0o700 });
      return undefined;
    }
    const hash = createHash('sha256');
    if (entry.name === MANIFEST_ENTRY) {
      const parts: Buffer[] = [];
      return {
        write: async (chunk) => {
          parts.push(Buffer.from(chunk));
        },
        end: async () => {
          manifestText = Buffer.concat(parts).toString('utf8');
        },
      };
    }
    const path = join(into, entry.name);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const out = createWriteStream(path, { mode: 0o600, flags: 'wx' });
    return {
      write: async (chunk) => {
        hash.update(chunk);
        if (!out.write(chunk)) await once(out, 'drain');
      },
      end: async () => {
        out.end();
        await once(out, 'close');
        seen.set(entry.name, { name: entry.name, size: entry.size, sha256: hash.digest('hex') });
      },
    };
  });
  if (manifestText === undefined)
    throw new BackupError('the archive has no manifest.json: not a backup of this app');
  const manifest = JSON.parse(manifestText) as BackupManifest;
  for (const expected of manifest.entries ?? []) {
    const actual = seen.get(expected.name);
    if (!actual || actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      throw new BackupError(
        `${expected.name} in the archive does not match its manifest: the archive is damaged`,
      );
    }
    seen.delete(expected.name);
  }
  if (seen.size > 0)
    throw new BackupError(`entries the manifest does not list: ${[...seen.keys()].join(', ')}`);
  return manifest;
}
