/**
 * Backups when files live in object storage (S3_BUCKET): the archive holds the database and
 * names the bucket that keeps the files, without their bytes; a restore leaves DATA_DIR/files
 * alone and asks the bucket which rows it holds. An archive taken with files on disk, restored
 * on a server configured for the bucket, puts its files there (a move from disk to S3).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { newStorageKey } from '../storage/file-storage';
import { createLocalStorage } from '../storage/local-storage';
import { openTestDatabase } from '../test-support/database';
import { createFile } from '../test-support/fixtures';
import { type LocalS3, startLocalS3 } from '../test-support/s3-server';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { extractArchive } from './archive';
import { runBackup } from './backup';
import type { BackupManifest } from './manifest';
import { restoreArchive } from './restore';
import { placeRestoredFiles } from './restore-steps';

const BUCKET = 'perevod-backups';
const root = mkdtempSync(join(tmpdir(), 'perevod-backup-s3-'));
let s3: LocalS3;
let server: TestServer;
let database: DatabaseHandle;
/** The first test's archive, for the next one. */
let restored: { manifest: BackupManifest; storagePaths: string[] } | undefined;

const folder = (name: string) => join(root, name);

async function backupOf(target: TestServer): Promise<string> {
  const result = await runBackup(
    { config: target.context.config, database: target.context.database },
    'manual',
  );
  expect(result.status, result.error ?? '').toBe('ok');
  return result.archive as string;
}

beforeAll(async () => {
  s3 = await startLocalS3([BUCKET]);
  // The embedded database whatever TEST_DATABASE_URL says: the restores below go into a data
  // folder (PostgreSQL's own drill is backup-postgres.test.ts); what is tested here is the files.
  database = await openTestDatabase(undefined);
  server = await startTestServer({ database, env: { ...s3.env(BUCKET), BACKUP_DIR: folder('archives') } });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
  await s3?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('backups with files in object storage', () => {
  it('archive the database and name the bucket, and a restore finds every file there', async () => {
    const kept = await createFile(server.context, null);
    const gone = await createFile(server.context, null);
    const archive = await backupOf(server);
    const manifest = await extractArchive(archive, folder('unpacked'));
    expect(manifest.files).toMatchObject({ stored: 0, bytes: 0, missing: [] });
    expect(manifest.files.objectStorage).toBe(`s3://${BUCKET} at ${s3.endpoint}`);
    expect(manifest.entries.filter((entry) => entry.name.startsWith('files/'))).toEqual([]);

    const restoredDir = folder('restored');
    const report = await restoreArchive(loadConfig({ DATA_DIR: restoredDir, ...s3.env(BUCKET) }), archive, {
      force: false,
    });
    expect(report).toMatchObject({
      filesWithoutBytes: 0,
      objectStorage: `s3://${BUCKET} at ${s3.endpoint}`,
      filesUploaded: 0,
    });
    expect(report.counts.files).toBe(manifest.counts.files);
    expect(existsSync(join(restoredDir, 'pglite'))).toBe(true);
    expect(existsSync(join(restoredDir, 'files'))).toBe(false);

    restored = { manifest, storagePaths: [kept.storagePath, gone.storagePath] };
  });

  it('count the rows whose object is gone from the bucket, or out of reach without S3_*', async () => {
    const { manifest, storagePaths } = restored as NonNullable<typeof restored>;
    const [, gone] = storagePaths as [string, string];
    await server.context.storage.remove(gone);
    const staging = folder('empty-staging');
    const s3Config = loadConfig({ DATA_DIR: folder('elsewhere'), ...s3.env(BUCKET) });
    expect(await placeRestoredFiles(s3Config, staging, manifest, storagePaths)).toEqual({
      filesWithoutBytes: 1,
      objectStorage: `s3://${BUCKET} at ${s3.endpoint}`,
      filesUploaded: 0,
      swapFiles: false,
    });
    // A server without S3_* cannot reach them: said, and DATA_DIR/files is not swapped for nothing.
    const localConfig = loadConfig({ DATA_DIR: folder('elsewhere') });
    expect(await placeRestoredFiles(localConfig, staging, manifest, storagePaths)).toMatchObject({
      filesWithoutBytes: 2,
      swapFiles: false,
    });
  });

  it('put the files of an archive taken on disk into the bucket when restored there', async () => {
    // What an archive of a server with files on disk unpacks to: files/<key> and no bucket named.
    const staging = folder('disk-staging');
    const disk = createLocalStorage(staging);
    const key = newStorageKey('7d1f2a9e-0000-4000-8000-000000000001');
    await disk.write(key, Buffer.from('%PDF-1.4 moved'), 'application/pdf');
    const manifest = { files: { stored: 1, bytes: 14, missing: [] } } as unknown as BackupManifest;
    const config = loadConfig({ DATA_DIR: folder('moved-to-s3'), ...s3.env(BUCKET) });
    const lost = newStorageKey('7d1f2a9e-0000-4000-8000-000000000002');
    expect(await placeRestoredFiles(config, staging, manifest, [key, lost])).toMatchObject({
      filesWithoutBytes: 1,
      filesUploaded: 1,
      swapFiles: false,
    });
    const stored = await server.context.storage.read(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('%PDF-1.4 moved');
    // The same, for a server keeping files on disk: the archive's files/ takes DATA_DIR/files' place.
    const local = loadConfig({ DATA_DIR: folder('kept-on-disk') });
    expect(await placeRestoredFiles(local, folder('fresh-staging'), manifest, [lost])).toEqual({
      filesWithoutBytes: 1,
      objectStorage: undefined,
      filesUploaded: 0,
      swapFiles: true,
    });
  });
});
