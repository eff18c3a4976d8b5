/**
 * Backups on PostgreSQL as an operator takes them: `npm run backup` (pg_dump of an exported
 * snapshot, and the files) while a server process takes orders, `npm run restore` into an empty
 * database and a fresh DATA_DIR, and a server started on those. A database that is not empty is
 * refused without --force. On a scratch cluster of the test's own (initdb, pg_ctl).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  archiveOf,
  backupCommand,
  DRILL_HEALTH_TIMEOUT_MS,
  expectOrdersServed,
  ORDERS_WITHOUT_LINES,
  STORED_FILE_PATHS,
  startOrderWriters,
} from '../test-support/backup-drill';
import {
  freePort,
  postgresBinDir,
  type ScratchPostgres,
  startScratchPostgres,
} from '../test-support/scratch-postgres';
import { type ServerProcess, startServerProcess, waitForHealth } from '../test-support/server-process';

function hasPgDump(): boolean {
  try {
    execFileSync('pg_dump', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const binDir = postgresBinDir();
const ready = binDir !== undefined && hasPgDump();
if (!ready) {
  const message = 'PostgreSQL (initdb, pg_ctl, pg_dump) not found: the PostgreSQL backup test cannot run';
  if (process.env.E2E_REQUIRED === '1') throw new Error(message);
  console.warn(`\n!!! ${message} (apt-get install postgresql) — skipped\n`);
}

const root = mkdtempSync(join(tmpdir(), 'perevod-backup-pg-'));
let cluster: ScratchPostgres | undefined;
const children: ServerProcess[] = [];

afterAll(() => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
  cluster?.destroy();
  rmSync(root, { recursive: true, force: true });
});

async function startServer(dataDir: string, databaseUrl: string): Promise<ServerProcess> {
  const server = startServerProcess(await freePort(), dataDir, { DATABASE_URL: databaseUrl });
  children.push(server);
  await waitForHealth(server, DRILL_HEALTH_TIMEOUT_MS);
  return server;
}

async function stopServer(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exit).toBe(0);
}

describe.skipIf(!ready)('backup and restore on PostgreSQL', () => {
  it('pg_dumps a snapshot under writers and restores it into an empty database with every acknowledged order', async () => {
    cluster = await startScratchPostgres(binDir as string);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database live');
    await admin.query('create database restored');
    await admin.end();
    const databaseUrl = (name: string) => (cluster as ScratchPostgres).url.replace(/\/postgres$/, `/${name}`);

    const live = join(root, 'live');
    const server = await startServer(live, databaseUrl('live'));
    const writers = startOrderWriters(server.origin, 3);
    await writers.warm(15);
    const backupBegan = Date.now();
    const backup = await backupCommand('backup', { DATA_DIR: live, DATABASE_URL: databaseUrl('live') });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('pg_dump');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await writers.stop();
    await stopServer(server);
    const archive = archiveOf(backup.output);
    const before = writers.acknowledged.filter((order) => order.at < backupBegan);
    expect(before.length).toBeGreaterThanOrEqual(15);
    expect(writers.acknowledged.length).toBeGreaterThan(before.length);

    const notEmpty = await backupCommand('restore', { DATA_DIR: live, DATABASE_URL: databaseUrl('live') }, [
      archive,
    ]);
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.output).toContain('The database is not empty');

    const fresh = join(root, 'restored');
    const env = { DATA_DIR: fresh, DATABASE_URL: databaseUrl('restored') };
    const restore = await backupCommand('restore', env, [archive]);
    expect(restore.code, restore.output).toBe(0);

    const restored = await startServer(fresh, databaseUrl('restored'));
    await expectOrdersServed(restored.origin, before);
    await stopServer(restored);

    const client = new pg.Client({ connectionString: databaseUrl('restored') });
    await client.connect();
    try {
      expect((await client.query(ORDERS_WITHOUT_LINES)).rows[0]?.count).toBe(0);
      const paths = (await client.query<{ storage_path: string }>(STORED_FILE_PATHS)).rows;
      expect(paths.length).toBeGreaterThan(3);
      for (const { storage_path } of paths) expect(existsSync(join(fresh, 'files', storage_path))).toBe(true);
    } finally {
      await client.end();
    }

    // --force replaces a database that is not empty, after backing it up.
    const forced = await backupCommand('restore', { DATA_DIR: live, DATABASE_URL: databaseUrl('live') }, [
      archive,
      '--force',
    ]);
    expect(forced.code, forced.output).toBe(0);
    const safety = /backup of the replaced database: (\S+)/.exec(forced.output)?.[1] as string;
    expect(safety).toMatch(/-before-restore\.tar\.gz$/);
    expect(existsSync(`${safety}.sha256`)).toBe(true);
    expect(forced.output).toContain(`orders ${/orders (\d+)/.exec(restore.output)?.[1]}`);
  }, 900_000);
});
