/**
 * A consistent snapshot of the embedded database while the server keeps serving. PGlite is one
 * connection in this process, and a PGlite transaction holds it: while ours is open no other
 * statement or transaction runs, so nothing commits, and nothing half-done is in flight. Inside
 * it: CHECKPOINT (the data files then hold every commit, so the copy opens without replaying
 * WAL), the counts and the files rows, the rows' bytes pinned by hard links, and PGlite's own
 * dumpDataDir() (a tar of its data folder). Requests wait meanwhile, they do not fail: the
 * pause is what the manifest and the log call heldMs (about half a second with the demo data).
 *
 * Why the files are consistent with it: the server writes a file's bytes before the row that
 * names them commits (uploads, PDFs), and removes bytes only after their row's deletion
 * committed. So every row in the snapshot has its bytes on disk at the snapshot, and nothing can
 * delete them while the database is held.
 */
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseSnapshot } from './database-snapshot';
import { readSnapshotContents } from './database-snapshot';
import { stageStoredFiles } from './staged-files';

export async function snapshotPglite(
  pglite: PGlite,
  dataDir: string,
  stagingFolder: string,
): Promise<DatabaseSnapshot> {
  let heldFrom = 0;
  let takenAt = new Date();
  const snapshot = await pglite.transaction(async (tx) => {
    heldFrom = performance.now();
    takenAt = new Date();
    await tx.exec('CHECKPOINT');
    const contents = await readSnapshotContents(
      async (text) => (await tx.query<Record<string, unknown>>(text)).rows,
    );
    const staged = await stageStoredFiles(dataDir, join(stagingFolder, 'files'), contents.storagePaths);
    const dump = await pglite.dumpDataDir('none');
    return { contents, staged, dump };
  });
  const heldMs = performance.now() - heldFrom;
  return {
    driver: 'pglite',
    database: { name: 'database/pglite.tar', blob: snapshot.dump },
    postgresVersion: snapshot.contents.postgresVersion,
    migrations: snapshot.contents.migrations,
    counts: snapshot.contents.counts,
    staged: snapshot.staged,
    takenAt,
    heldMs,
  };
}
