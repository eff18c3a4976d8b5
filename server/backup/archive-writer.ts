/**
 * Writes one archive (archive.ts says what is in it). This runs in a worker thread of its own
 * (archive-worker.ts): on the embedded database the server's thread is busy with PGlite, whose
 * queries run synchronously in it, and an archive written there crawled between them under load
 * while its hashing and reading took turns away from requests (docs/decisions/0028).
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PassThrough, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { BackupError } from './errors';
import type { ArchiveEntry, BackupManifest } from './manifest';
import { TAR_END, tarHeader, tarPadding } from './tar';

export const MANIFEST_ENTRY = 'manifest.json';
/**
 * gzip's fastest level: on the 100,000-order database it made an archive 12% larger than the
 * default level 6 in a quarter of the CPU time (docs/decisions/0028), and the server shares its
 * cores with the backup. Uploaded scans and PDFs hardly compress at any level.
 */
const GZIP_LEVEL = 1;
/** Fewer, larger steps through the stream: each one is a turn of the thread's loop. */
const CHUNK = 1024 * 1024;

/**
 * What goes into the archive under `name`: a file on disk, bytes, a folder (may be empty), or a
 * folder on disk with everything in it (`tree`, walked when it is archived).
 */
export type ArchiveSource = { name: string } & (
  | { path: string; size: number }
  | { bytes: Uint8Array }
  | { directory: true }
  | { tree: string }
);

/** The manifest but its entries, which are known only once every entry is written. */
export type ManifestWithoutEntries = Omit<BackupManifest, 'entries'>;

export interface WrittenArchive {
  path: string;
  bytes: number;
  sha256: string;
}

const never = new Promise<never>(() => {});

/** A folder on disk as entries under `name`: each folder before what it holds, names sorted. */
async function* walkTree(name: string, folder: string): AsyncGenerator<ArchiveSource> {
  yield { name, directory: true };
  const entries = await readdir(folder, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* walkTree(`${name}/${entry.name}`, path);
    else if (entry.isFile()) yield { name: `${name}/${entry.name}`, path, size: (await stat(path)).size };
  }
}

async function* expand(sources: Iterable<ArchiveSource>): AsyncGenerator<ArchiveSource> {
  for (const source of sources) {
    if ('tree' in source) yield* walkTree(source.name, source.tree);
    else yield source;
  }
}

async function* chunksOf(source: ArchiveSource): AsyncGenerator<Uint8Array> {
  if ('bytes' in source) yield source.bytes;
  else if ('path' in source) yield* createReadStream(source.path, { highWaterMark: CHUNK });
}

const sizeOf = (source: ArchiveSource) =>
  'bytes' in source ? source.bytes.length : 'path' in source ? source.size : 0;

/** Writes the archive and its .sha256 in this thread; the manifest, with its entries, goes last. */
export async function writeArchiveHere(
  target: string,
  sources: Iterable<ArchiveSource>,
  manifest: ManifestWithoutEntries,
): Promise<WrittenArchive> {
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  const partial = `${target}.partial`;
  const tar = new PassThrough({ highWaterMark: 4 * CHUNK });
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
    createGzip({ level: GZIP_LEVEL, chunkSize: CHUNK }),
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
    if ('directory' in source) {
      await put(tarHeader(`${source.name}/`, 0, mtime, 'directory'));
      return undefined;
    }
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
    for await (const source of expand(sources)) {
      const entry = await putEntry(source, now);
      if (entry) entries.push(entry);
    }
    const text = Buffer.from(`${JSON.stringify({ ...manifest, entries }, null, 2)}\n`);
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
