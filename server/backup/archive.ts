/**
 * One backup is one file, `perevod-<UTC time>-v<version>[-manual].tar.gz`, and its checksum
 * beside it, `<archive>.sha256`, in the format `sha256sum -c` reads. Inside, a tar of:
 *   database/pglite.tar or database/postgres.dump   the database snapshot
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
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PassThrough, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BackupError } from './errors';
import type { ArchiveEntry, BackupManifest } from './manifest';
import { readTar, TAR_END, tarHeader, tarPadding } from './tar';

export const MANIFEST_ENTRY = 'manifest.json';

/** What goes into the archive under `name`: a file on disk, bytes, or a Blob (PGlite's dump). */
export type ArchiveSource = { name: string } & (
  | { path: string; size: number }
  | { bytes: Uint8Array }
  | { blob: Blob }
);

export interface WrittenArchive {
  path: string;
  bytes: number;
  sha256: string;
}

const never = new Promise<never>(() => {});

async function* chunksOf(source: ArchiveSource): AsyncGenerator<Uint8Array> {
  if ('bytes' in source) yield source.bytes;
  else if ('blob' in source) yield* source.blob.stream() as unknown as AsyncIterable<Uint8Array>;
  else yield* createReadStream(source.path);
}

const sizeOf = (source: ArchiveSource) =>
  'bytes' in source ? source.bytes.length : 'blob' in source ? source.blob.size : source.size;

/**
 * Writes the archive and its .sha256. `manifest` is called with every entry written (name, size,
 * sha256) and its result is the archive's last entry.
 */
export async function writeArchive(
  target: string,
  sources: Iterable<ArchiveSource>,
  manifest: (entries: ArchiveEntry[]) => BackupManifest,
): Promise<WrittenArchive> {
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  const partial = `${target}.partial`;
  const tar = new PassThrough();
  const digest = createHash('sha256');
  let bytes = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      digest.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const written = pipeline(
    tar,
    createGzip(),
    measure,
    createWriteStream(partial, { mode: 0o600, flags: 'wx' }),
  );
  // A failure down the line (a full disk) must end the writing loop, not leave it waiting for 'drain'.
  const failed = written.then(() => never);
  failed.catch(() => {});
  const put = async (chunk: Uint8Array) => {
    if (!tar.write(chunk)) await Promise.race([once(tar as Writable, 'drain'), failed]);
  };
  const entries: ArchiveEntry[] = [];
  const putEntry = async (source: ArchiveSource, mtime: Date) => {
    const size = sizeOf(source);
    await put(tarHeader(source.name, size, mtime));
    const hash = createHash('sha256');
    let seen = 0;
    for await (const chunk of chunksOf(source)) {
      hash.update(chunk);
      seen += chunk.length;
      await put(chunk);
    }
    if (seen !== size) throw new BackupError(`${source.name} changed while it was archived`);
    await put(tarPadding(size));
    return { name: source.name, size, sha256: hash.digest('hex') };
  };
  try {
    const now = new Date();
    for (const source of sources) entries.push(await putEntry(source, now));
    const text = Buffer.from(`${JSON.stringify(manifest(entries), null, 2)}\n`);
    await putEntry({ name: MANIFEST_ENTRY, bytes: text }, now);
    tar.end(TAR_END);
    await written;
    const handle = await open(partial, 'r+');
    await handle.sync();
    await handle.close();
  } catch (error) {
    tar.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, target);
  const sha256 = digest.digest('hex');
  await writeFile(`${target}.sha256`, `${sha256}  ${basename(target)}\n`, { mode: 0o600 });
  return { path: target, bytes, sha256 };
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
  /^(manifest\.json|secrets\.json|database\/(pglite\.tar|postgres\.dump)|files\/[\w.-]+(\/[\w.-]+)*)$/;

/** True for a name restore will accept: backups check stored files' paths with it too. */
export const isArchiveName = (name: string) => SAFE_NAME.test(name) && !name.split('/').includes('..');

/**
 * Unpacks the archive into `into` (database/…, files/…, secrets.json) and returns its manifest,
 * after checking every entry against the manifest's size and sha256.
 */
export async function extractArchive(archive: string, into: string): Promise<BackupManifest> {
  const seen = new Map<string, ArchiveEntry>();
  let manifestText: string | undefined;
  await readTar(createReadStream(archive).pipe(createGunzip()), async (entry) => {
    if (!isArchiveName(entry.name)) {
      throw new BackupError(`unexpected entry in the archive: ${entry.name}`);
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
