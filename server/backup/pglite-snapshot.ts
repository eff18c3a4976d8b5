/**
 * A consistent snapshot of the embedded database while the server keeps serving. PGlite is one
 * connection in this process, and a PGlite transaction holds it: while ours is open no other
 * statement or transaction runs, so nothing commits and nothing half-done is in flight. Inside
 * it: CHECKPOINT (the data files then hold every commit, so the copy opens without replaying
 * WAL), the counts and the files rows, the rows' bytes pinned by hard links, and a copy of
 * PGlite's data folder (a reflink where the file system has them). PGlite writes straight
 * through to its files (Emscripten's NODEFS keeps no cache), so while it is held the folder on
 * disk is exactly its state. Requests wait meanwhile, they do not fail: the pause is heldMs.
 *
 * PGlite's dumpDataDir() gives the same folder as a tar, but builds it in memory (twice the
 * database's size at the peak) and took twice as long as a copy (docs/decisions/0028);
 * it is used only for a database that lives in memory (tests), which has no folder to copy.
 *
 * Why the files are consistent with it: the server writes a file's bytes before the row that
 * names them commits (uploads, PDFs), and removes bytes only after their row's deletion
 * committed. So every row in the snapshot has its bytes on disk at the snapshot, and nothing can
 * delete them while the database is held.
 */
import { once } from 'node:events';
import { constants, cpSync, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type DatabaseSnapshot, readSnapshotContents } from './database-snapshot';
import { BackupError } from './errors';
import { stageStoredFiles } from './staged-files';
import { readTar } from './tar';

export const PGLITE_ENTRY = 'database/pglite';

/** The on-disk folder of a PGlite opened on one; undefined for memory and browser stores. */
function folderOf(pglite: PGlite): string | undefined {
  const dataDir = pglite.dataDir;
  return dataDir && !/^[a-z]+:\/\//.test(dataDir) ? dataDir : undefined;
}

/** A database in memory: PGlite's own tar of it, unpacked into `target`. */
async function unpackDump(pglite: PGlite, target: string): Promise<void> {
  const dump = await pglite.dumpDataDir('none');
  await readTar(dump.stream() as unknown as AsyncIterable<Uint8Array>, async (entry) => {
    const name = entry.name.replace(/^\/+/, '');
    if (name.split('/').includes('..'))
      throw new BackupError(`unexpected name in PGlite's dump: ${entry.name}`);
    const path = join(target, name);
    if (entry.type === 'directory') {
      await mkdir(path, { recursive: true, mode: 0o700 });
      return undefined;
    }
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const out = createWriteStream(path, { mode: 0o600 });
    return {
      write: async (chunk) => {
        if (!out.write(chunk)) await once(out, 'drain');
      },
      end: async () => {
        out.end();
        await once(out, 'close');
      },
    };
  });
}

export async function snapshotPglite(
  pglite: PGlite,
  dataDir: string,
  stagingFolder: string,
  /** False when files live in object storage: none of their bytes are pinned. */
  withFiles = true,
): Promise<DatabaseSnapshot> {
  const copy = join(stagingFolder, 'pglite');
  const folder = folderOf(pglite);
  let heldFrom = 0;
  let takenAt = new Date();
  const { contents, staged } = await pglite.transaction(async (tx) => {
    heldFrom = performance.now();
    takenAt = new Date();
    await tx.exec('CHECKPOINT');
    const contents = await readSnapshotContents(
      async (text) => (await tx.query<Record<string, unknown>>(text)).rows,
    );
    const staged = await stageStoredFiles(
      dataDir,
      join(stagingFolder, 'files'),
      withFiles ? contents.storagePaths : [],
    );
    // Synchronous on purpose: every request waits for the database meanwhile anyway, and the
    // copy took a quarter of the asynchronous cp's time, which awaits each of ~1,200 files.
    if (folder) cpSync(folder, copy, { recursive: true, mode: constants.COPYFILE_FICLONE });
    else await unpackDump(pglite, copy);
    return { contents, staged };
  });
  const heldMs = performance.now() - heldFrom;
  return {
    driver: 'pglite',
    database: {
      entry: PGLITE_ENTRY,
      sources: [{ name: PGLITE_ENTRY, tree: copy }],
    },
    postgresVersion: contents.postgresVersion,
    migrations: contents.migrations,
    counts: contents.counts,
    staged,
    takenAt,
    heldMs,
  };
}
