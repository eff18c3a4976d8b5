/**
 * Backups as an operator takes them: a real server process under writers placing orders with
 * uploaded files, `npm run backup` while they write, `npm run restore` into a fresh folder, and
 * a server started there. Every order acknowledged before the backup began must be back with
 * its lines and its files' bytes, and no order may come back half-written.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
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
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { pickupOrderBody } from '../test-support/order-bodies';
import { type ServerProcess, startServerProcess, waitForHealth } from '../test-support/server-process';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ADMIN_PASSWORD = 'process-test-password';
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

/** `npm run backup` / `npm run restore` as a shell runs them, with DATA_DIR set. */
function command(
  name: 'backup' | 'restore',
  dataDir: string,
  args: string[] = [],
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `server/backup/${name}-command.ts`, ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

/** A small PDF with its own bytes, so a restored file can be told from any other. */
const pdf = (mark: string) => Buffer.from(`%PDF-1.4\n% ${mark}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

interface Acknowledged {
  id: number;
  number: string;
  /** When its 201 arrived. */
  at: number;
  files: { id: string; bytes: Buffer }[];
}

async function upload(origin: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'passport.pdf');
  const response = await fetch(`${origin}/api/upload/public`, { method: 'POST', body: form });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { files: { id: string }[] };
  return body.files[0]?.id as string;
}

/** Places orders until told to stop; every third one with an uploaded file (uploads are limited). */
function startWriters(origin: string, count: number) {
  const acknowledged: Acknowledged[] = [];
  let stopping = false;
  let uploadsLeft = 45;
  const writer = async (writerIndex: number) => {
    for (let turn = 0; !stopping; turn++) {
      const mark = `${writerIndex}-${turn}-${randomUUID()}`;
      const files: Acknowledged['files'] = [];
      if (turn % 3 === 0 && uploadsLeft > 0) {
        uploadsLeft--;
        const bytes = pdf(mark);
        files.push({ id: await upload(origin, bytes), bytes });
      }
      const response = await fetch(`${origin}/api/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify(
          pickupOrderBody(`writer${mark}@example.ru`, { files: files.map((file) => file.id) }),
        ),
      });
      expect(response.status).toBe(201);
      const { order } = (await response.json()) as { order: { id: number; number: string } };
      acknowledged.push({ id: order.id, number: order.number, at: Date.now(), files });
    }
  };
  const running = Promise.all(Array.from({ length: count }, (_, index) => writer(index)));
  return {
    acknowledged,
    stop: async () => {
      stopping = true;
      await running;
    },
  };
}

async function signInAdmin(origin: string): Promise<Record<string, string>> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'admin@perevod.local', password: ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

describe('backup and restore of the embedded database', () => {
  it('takes a backup while orders are written, and a restore brings back every acknowledged order whole', async () => {
    const live = join(root, 'live');
    const server = startServer(live);
    await waitForHealth(server);
    const writers = startWriters(server.origin, 3);
    while (writers.acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 100));

    const backupBegan = Date.now();
    const backup = await command('backup', live);
    expect(backup.output).toContain('by the running server');
    expect(backup.code, backup.output).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await writers.stop();
    const archive = /(\/\S+\.tar\.gz) \(/.exec(backup.output)?.[1] as string;
    expect(existsSync(`${archive}.sha256`)).toBe(true);

    // While the server owns its folder, a restore there is refused and changes nothing.
    const refused = await command('restore', live, [archive]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('stop it before restoring');
    await stopServer(server);

    const before = writers.acknowledged.filter((order) => order.at < backupBegan);
    expect(before.length).toBeGreaterThan(20);
    expect(before.filter((order) => order.files.length > 0).length).toBeGreaterThan(3);
    // Orders went on during the backup: the snapshot was taken under load.
    expect(writers.acknowledged.length).toBeGreaterThan(before.length);

    const fresh = join(root, 'restored');
    const restore = await command('restore', fresh, [archive]);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/orders \d+/);

    const restored = startServer(fresh);
    await waitForHealth(restored);
    const admin = await signInAdmin(restored.origin);
    for (const order of before) {
      const response = await fetch(`${restored.origin}/api/order/${order.id}`, { headers: admin });
      expect(response.status, `order ${order.number}`).toBe(200);
      const { order: body } = (await response.json()) as {
        order: { number: string; documents: unknown[]; files: { id: string }[] };
      };
      expect(body.number).toBe(order.number);
      expect(body.documents).toHaveLength(2);
      expect(body.files.map((file) => file.id)).toEqual(order.files.map((file) => file.id));
      for (const file of order.files) {
        const download = await fetch(`${restored.origin}/api/files/${file.id}`, { headers: admin });
        expect(download.status).toBe(200);
        expect(Buffer.from(await download.arrayBuffer())).toEqual(file.bytes);
      }
    }
    await stopServer(restored);

    // Nothing half-written anywhere in the restored data: every order has its lines, every
    // files row its bytes.
    const database = await openDatabase({ pgliteDir: join(fresh, 'pglite') });
    try {
      const orphans = await database.db.execute(
        sql`select count(*)::int as count from orders o
            where not exists (select 1 from order_documents d where d.order_id = o.id)`,
      );
      expect((orphans as unknown as { rows: { count: number }[] }).rows[0]?.count).toBe(0);
      const rows = await database.db.execute(sql`select storage_path from files`);
      const paths = (rows as unknown as { rows: { storage_path: string }[] }).rows;
      expect(paths.length).toBeGreaterThan(3);
      for (const { storage_path } of paths) expect(existsSync(join(fresh, 'files', storage_path))).toBe(true);
    } finally {
      await database.close();
    }
  }, 480_000);

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
    const refused = await command('restore', target, [damaged]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('checksum does not match');
    expect(existsSync(join(target, 'pglite'))).toBe(false);
  }, 60_000);
});
