/**
 * A backup drill against real server processes, for the backup tests on either database:
 * customers placing orders with uploaded files while a backup is taken, `npm run backup` and
 * `npm run restore` run as an operator runs them, and the check that a restored server gives
 * back each acknowledged order with its lines and its files' bytes.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { pickupOrderBody } from './order-bodies';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** server-process.ts starts every server with this administrator password. */
const ADMIN_PASSWORD = 'process-test-password';

/**
 * How long a drill waits for a server to answer /api/health. A first start on a fresh folder
 * (initdb, migrations, seed) took a minute on a busy two-core machine, and longer than the
 * default 110 s while the other drill ran beside it: only a hang should fail here.
 */
export const DRILL_HEALTH_TIMEOUT_MS = 240_000;

/** `npm run backup` / `npm run restore` with DATA_DIR (and more) set; the exit code and all it printed. */
export function backupCommand(
  name: 'backup' | 'restore',
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `server/backup/${name}-command.ts`, ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

/** The archive path `npm run backup` printed. */
export const archiveOf = (output: string) => /(\/\S+\.tar\.gz) \(/.exec(output)?.[1] as string;

export interface AcknowledgedOrder {
  id: number;
  number: string;
  /** When its 201 arrived. */
  at: number;
  files: { id: string; bytes: Buffer }[];
}

/** A small PDF with its own bytes, so a restored file can be told from any other. */
const pdf = (mark: string) => Buffer.from(`%PDF-1.4\n% ${mark}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

async function upload(origin: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'passport.pdf');
  const response = await fetch(`${origin}/api/upload/public`, { method: 'POST', body: form });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { files: { id: string }[] };
  return body.files[0]?.id as string;
}

/**
 * `count` customers placing orders until stopped, every third with an uploaded file (anonymous
 * uploads are limited per address, so at most 45 of them).
 */
export function startOrderWriters(origin: string, count: number) {
  const acknowledged: AcknowledgedOrder[] = [];
  let stopping = false;
  let uploadsLeft = 45;
  const writer = async (writerIndex: number) => {
    for (let turn = 0; !stopping; turn++) {
      const mark = `${writerIndex}-${turn}-${randomUUID()}`;
      const files: AcknowledgedOrder['files'] = [];
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
    /** Resolves once `orders` orders were acknowledged; fails at once if a writer failed. */
    async warm(orders: number) {
      let failed: unknown;
      running.catch((error: unknown) => {
        failed = error ?? new Error('a writer failed');
      });
      while (acknowledged.length < orders) {
        if (failed) throw failed;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
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

/** Each order, as the back office sees it on the restored server: its number, its two lines, its files' bytes. */
export async function expectOrdersServed(origin: string, orders: AcknowledgedOrder[]): Promise<void> {
  const admin = await signInAdmin(origin);
  for (const order of orders) {
    const response = await fetch(`${origin}/api/order/${order.id}`, { headers: admin });
    expect(response.status, `order ${order.number}`).toBe(200);
    const { order: served } = (await response.json()) as {
      order: { number: string; documents: unknown[]; files: { id: string }[] };
    };
    expect(served.number).toBe(order.number);
    expect(served.documents).toHaveLength(2);
    expect(served.files.map((file) => file.id)).toEqual(order.files.map((file) => file.id));
    for (const file of order.files) {
      const download = await fetch(`${origin}/api/files/${file.id}`, { headers: admin });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer())).toEqual(file.bytes);
    }
  }
}

/** SQL of the restored data: orders without lines (must be none) and every files row's storage path. */
export const ORDERS_WITHOUT_LINES = `select count(*)::int as count from orders o
  where not exists (select 1 from order_documents d where d.order_id = o.id)`;
export const STORED_FILE_PATHS = 'select storage_path from files';
