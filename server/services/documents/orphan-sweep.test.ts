/**
 * The orphan sweep: on the local disk, and on one S3 bucket (s3rver) shared by two installations,
 * each with its own database and S3_PREFIX. Objects written just now are made "old" by running
 * the sweep a day later (s3rver stamps its own LastModified); local files by their mtime.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, testDatabaseUrl } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { files } from '../../db/schema';
import { storageFor } from '../../storage/configured';
import { newStorageKey } from '../../storage/file-storage';
import { openTestDatabase } from '../../test-support/database';
import { type LocalS3, startLocalS3 } from '../../test-support/s3-server';
import { findPeriodicJob } from '../monitoring/periodic-jobs';
import {
  announceOrphanSweep,
  installationId,
  NO_PREFIX,
  ORPHAN_GRACE_MS,
  ORPHAN_SWEEP_QUEUE,
  removeOrphanObjects,
} from './orphan-sweep';

const BUCKET = 'perevod-shared';
const PDF = Buffer.from('%PDF-1.4\n');
const DAY_LATER = () => new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);

let first: DatabaseHandle;
let second: DatabaseHandle;
let s3: LocalS3;
const folders: string[] = [];
const opened: { close(): void }[] = [];

beforeAll(async () => {
  [first, second, s3] = await Promise.all([
    openTestDatabase(testDatabaseUrl()),
    openTestDatabase(testDatabaseUrl()),
    startLocalS3([BUCKET]),
  ]);
});
afterAll(async () => {
  for (const storage of opened) storage.close();
  await Promise.all([first?.close(), second?.close(), s3?.close()]);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** What the sweep is given: an installation's config and storage on a database. */
function installation(database: DatabaseHandle, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'perevod-orphans-'));
  folders.push(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, ...env });
  const storage = storageFor(config);
  opened.push(storage);
  return { config, db: database.db, storage };
}
type Installation = ReturnType<typeof installation>;

/** files rows naming `keys`, as an upload's would. */
const name = (into: Installation, keys: string[]) =>
  into.db.insert(files).values(
    keys.map((storagePath) => ({
      storagePath,
      name: 'scan.pdf',
      size: PDF.length,
      mime: 'application/pdf',
      kind: 'ORDER_DOCUMENT' as const,
    })),
  );

/** Bytes under a fresh key, with a files row naming them when `named`. */
async function stored(into: Installation, named: boolean): Promise<string> {
  const key = newStorageKey(randomUUID());
  await into.storage.write(key, PDF, 'application/pdf');
  if (named) await name(into, [key]);
  return key;
}

const present = async (into: Installation, keys: string[]) =>
  Promise.all(keys.map((key) => into.storage.exists(key)));

describe('the orphan sweep on the local disk', () => {
  let local: Installation;
  const root = () => join(local.config.dataDir, 'files');
  const age = (path: string, ms: number) => {
    const then = (Date.now() - ms) / 1000;
    utimesSync(path, then, then);
  };
  beforeAll(() => {
    local = installation(first);
  });

  it('removes an old file no row names; keeps one a row names, a new one, upload parts and keys of other layouts', async () => {
    const named = await stored(local, true);
    const orphan = await stored(local, false);
    const fresh = await stored(local, false);
    const foreign = 'test/not-of-our-layout';
    await local.storage.write(foreign, PDF, 'application/pdf');
    mkdirSync(join(root(), 'incoming'), { recursive: true });
    const part = join(root(), 'incoming', randomUUID());
    writeFileSync(part, 'half an upload');
    for (const key of [named, orphan, foreign]) age(join(root(), key), ORPHAN_GRACE_MS + 60_000);
    age(join(root(), fresh), ORPHAN_GRACE_MS - 60_000);
    age(part, ORPHAN_GRACE_MS * 3);

    const result = await removeOrphanObjects(local);

    expect(result).toEqual({ listed: 4, removed: 1 });
    expect(await present(local, [named, orphan, fresh, foreign])).toEqual([true, false, true, true]);
    expect(existsSync(part)).toBe(true);
  });

  it('asks about the keys in batches: of 1100 old files, the 550 without rows go and the named stay', async () => {
    const disk = installation(first);
    const keys = Array.from({ length: 1100 }, () => newStorageKey(randomUUID()));
    for (const key of keys) await disk.storage.write(key, PDF, 'application/pdf');
    await name(
      disk,
      keys.filter((_, index) => index % 2 === 0),
    );

    const result = await removeOrphanObjects(disk, DAY_LATER());

    expect(result).toEqual({ listed: 1100, removed: 550 });
    const left = await present(disk, keys);
    expect(left.filter(Boolean)).toHaveLength(550);
    expect(left.every((exists, index) => exists === (index % 2 === 0))).toBe(true);
  });

  it('runs daily as a periodic job of its own on every local installation', () => {
    const job = findPeriodicJob(ORPHAN_SWEEP_QUEUE);
    expect(job?.cron(local as never).pattern).toMatch(/^\d+ \d+ \* \* \*$/);
    expect(job?.unavailable(local as never)).toBeNull();
  });
});

describe('the orphan sweep on one bucket shared by two installations', () => {
  let one: Installation;
  let other: Installation;
  beforeAll(() => {
    one = installation(first, { ...s3.env(BUCKET), S3_PREFIX: 'perevod-one' });
    other = installation(second, { ...s3.env(BUCKET), S3_PREFIX: 'staging/perevod-other' });
  });

  it('keeps every object under the installation’s own prefix, the rows’ keys unchanged', async () => {
    const key = await stored(one, true);
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    client.destroy();
    expect(listed.Contents?.map((object) => object.Key)).toContain(`perevod-one/${key}`);
    expect(await other.storage.exists(key)).toBe(false);
    expect(one.storage.description).toBe(`s3://${BUCKET}/perevod-one at ${s3.endpoint}`);
  });

  it('removes an old orphan of its own only: its named and new files and the other’s objects stay', async () => {
    const named = await stored(one, true);
    const orphan = await stored(one, false);
    const othersNamed = await stored(other, true);
    const othersOrphan = await stored(other, false);

    // Just written: inside the grace period, whatever the rows say.
    expect((await removeOrphanObjects(one)).removed).toBe(0);
    expect(await present(one, [orphan])).toEqual([true]);

    const result = await removeOrphanObjects(one, DAY_LATER());
    expect(result.removed).toBe(1);
    expect(result.listed).toBeGreaterThanOrEqual(2);
    expect(await present(one, [named, orphan])).toEqual([true, false]);
    // The other installation's orphan has no row in this database either: it is not looked at.
    expect(await present(other, [othersNamed, othersOrphan])).toEqual([true, true]);

    expect(await removeOrphanObjects(other, DAY_LATER())).toMatchObject({ removed: 1 });
    expect(await present(other, [othersNamed, othersOrphan])).toEqual([true, false]);
    expect(await present(one, [named])).toEqual([true]);
  });

  it('removes nothing without S3_PREFIX, and is not scheduled: the whole bucket may be another’s', async () => {
    const unprefixed = installation(first, s3.env(BUCKET));
    const orphan = await stored(unprefixed, false);
    const othersOrphan = await stored(other, false);

    const result = await removeOrphanObjects(unprefixed, DAY_LATER());

    expect(result).toEqual({ listed: 0, removed: 0, skipped: NO_PREFIX });
    expect(await present(unprefixed, [orphan])).toEqual([true]);
    expect(await present(other, [othersOrphan])).toEqual([true]);
    expect(findPeriodicJob(ORPHAN_SWEEP_QUEUE)?.unavailable(unprefixed as never)).toBe(NO_PREFIX);
  });

  it('refuses a prefix another database has claimed, as when an environment is copied to a staging server', async () => {
    const orphan = await stored(one, false);
    const named = await stored(one, true);
    const copied = installation(second, { ...s3.env(BUCKET), S3_PREFIX: 'perevod-one' });

    const result = await removeOrphanObjects(copied, DAY_LATER());

    expect(result).toMatchObject({ listed: 0, removed: 0 });
    expect(result.skipped).toMatch(/занято другой установкой/);
    expect(await present(one, [orphan, named])).toEqual([true, true]);
    await expect(findPeriodicJob(ORPHAN_SWEEP_QUEUE)?.run(copied as never)).rejects.toThrow(
      /другой установкой/,
    );
  });

  it('claims the prefix at start and says once in the log when the sweep is off', async () => {
    const said: string[] = [];
    const logger = { warn: (_: unknown, message?: string) => said.push(message ?? '') };
    const fresh = installation(first, { ...s3.env(BUCKET), S3_PREFIX: 'perevod-fresh' });
    await announceOrphanSweep(fresh, logger);
    expect(said).toEqual([]);
    expect(await fresh.storage.claim('anyone else')).toBe(await installationId(first.db));

    await announceOrphanSweep(installation(first, s3.env(BUCKET)), logger);
    expect(said).toEqual([NO_PREFIX]);
    await announceOrphanSweep(
      installation(second, { ...s3.env(BUCKET), S3_PREFIX: 'perevod-fresh' }),
      logger,
    );
    expect(said[1]).toMatch(/занято другой установкой/);
  });
});
