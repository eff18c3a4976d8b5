/**
 * Backups of the embedded database as an operator takes them: a real server process under
 * writers placing orders with uploaded files, `npm run backup` while they write (the server takes
 * it, asked through its control socket), `npm run restore` into a fresh folder, and a server
 * started there. Every order acknowledged before the backup began must be back with its lines
 * and its files' bytes, and no order may come back half-written.
 */
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import {
  archiveOf,
  backupCommand,
  DRILL_HEALTH_TIMEOUT_MS,
  expectOrdersServed,
  ORDERS_WITHOUT_LINES,
  STORED_FILE_PATHS,
  startOrderWriters,
} from '../test-support/backup-drill';
import { type ServerProcess, startServerProcess, waitForHealth } from '../test-support/server-process';

const root = mkdtempSync(join(tmpdir(), 'perevod-backup-'));
const children: ServerProcess[] = [];
const randomPort = () => 20_000 + Math.floor(Math.random() * 20_000);

afterAll(() => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

function startServer(dataDir: string): ServerProcess {
  const server = startServerProcess(randomPort(), dataDir);
  children.push(server);
  return server;
}

async function stopServer(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exit).toBe(0);
}

type Rows<T> = { rows: T[] };

describe('backup and restore of the embedded database', () => {
  it('takes a backup while orders are written, and a restore brings back every acknowledged order whole', async () => {
    const live = join(root, 'live');
    const server = startServer(live);
    await waitForHealth(server, DRILL_HEALTH_TIMEOUT_MS);
    const writers = startOrderWriters(server.origin, 3);
    await writers.warm(15);

    const backupBegan = Date.now();
    const backup = await backupCommand('backup', { DATA_DIR: live });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('by the running server');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await writers.stop();
    const archive = archiveOf(backup.output);
    expect(existsSync(`${archive}.sha256`)).toBe(true);

    // While the server owns its folder, a restore there is refused and changes nothing.
    const refused = await backupCommand('restore', { DATA_DIR: live }, [archive]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('stop it before restoring');
    await stopServer(server);

    const before = writers.acknowledged.filter((order) => order.at < backupBegan);
    expect(before.length).toBeGreaterThanOrEqual(15);
    expect(before.filter((order) => order.files.length > 0).length).toBeGreaterThan(3);
    // Orders went on during the backup: the snapshot was taken under load.
    expect(writers.acknowledged.length).toBeGreaterThan(before.length);

    const fresh = join(root, 'restored');
    const restore = await backupCommand('restore', { DATA_DIR: fresh }, [archive]);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/orders \d+/);

    const restored = startServer(fresh);
    await waitForHealth(restored, DRILL_HEALTH_TIMEOUT_MS);
    await expectOrdersServed(restored.origin, before);
    await stopServer(restored);

    // Nothing half-written anywhere in the restored data: every order has its lines, every
    // files row its bytes.
    const database = await openDatabase({ pgliteDir: join(fresh, 'pglite') });
    try {
      const orphans = await database.db.execute(sql.raw(ORDERS_WITHOUT_LINES));
      expect((orphans as unknown as Rows<{ count: number }>).rows[0]?.count).toBe(0);
      const paths = await database.db.execute(sql.raw(STORED_FILE_PATHS));
      const rows = (paths as unknown as Rows<{ storage_path: string }>).rows;
      expect(rows.length).toBeGreaterThan(3);
      for (const { storage_path } of rows) expect(existsSync(join(fresh, 'files', storage_path))).toBe(true);
    } finally {
      await database.close();
    }
  }, 900_000);

  it('refuses an archive whose checksum does not match, and leaves the folder as it was', async () => {
    const backups = join(root, 'live', 'backups');
    const [archive] = readdirSync(backups).filter((name) => name.endsWith('.tar.gz'));
    const damaged = join(root, 'damaged.tar.gz');
    copyFileSync(join(backups, archive as string), damaged);
    copyFileSync(join(backups, `${archive}.sha256`), `${damaged}.sha256`);
    const bytes = readFileSync(damaged);
    const middle = bytes.length >> 1;
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    writeFileSync(damaged, bytes);

    const target = join(root, 'untouched');
    const refused = await backupCommand('restore', { DATA_DIR: target }, [damaged]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('checksum does not match');
    expect(existsSync(join(target, 'pglite'))).toBe(false);
  }, 60_000);
});
