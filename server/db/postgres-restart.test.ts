/**
 * PostgreSQL restarted under traffic, as an upgrade or a managed failover does it: the server
 * process on a cluster of this test's own keeps running, answers 503 in the Error schema while
 * the database is away (quickly, never hanging), serves again by itself when it is back — jobs
 * included — and every order it acknowledged is there exactly once. Also: a server started
 * before its database waits for it instead of exiting.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeOrderBody } from '../test-support/order-bodies';
import {
  freePort,
  postgresBinDir,
  type ScratchPostgres,
  startScratchPostgres,
} from '../test-support/scratch-postgres';
import { type ServerProcess, startServerProcess, waitForHealth } from '../test-support/server-process';

const binDir = postgresBinDir();
if (!binDir) {
  const message = 'PostgreSQL server binaries (initdb, pg_ctl) not found: the restart test cannot run';
  if (process.env.E2E_REQUIRED === '1') throw new Error(message);
  console.warn(`\n!!! ${message} (apt-get install postgresql) — skipped\n`);
}

const WRITERS = 5;
const OUTAGE_MS = 8_000;
const dataDir = mkdtempSync(join(tmpdir(), 'perevod-restart-'));
const folders = [dataDir];
let cluster: ScratchPostgres | undefined;
const servers: ServerProcess[] = [];

interface Answer {
  status: number;
  ms: number;
  at: number;
  body: { order?: { id: number }; code?: string; message?: string };
  retryAfter: string | null;
}

async function postOrder(origin: string, key: string, email: string): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(`${origin}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(officeOrderBody(email)),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json()) as Answer['body'];
    return {
      status: response.status,
      ms: Date.now() - started,
      at: started,
      body,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch {
    // No answer at all (refused, reset, timed out): what this test exists to rule out.
    return { status: 0, ms: Date.now() - started, at: started, body: {}, retryAfter: null };
  }
}

afterAll(() => {
  for (const { child } of servers) if (child.exitCode === null) child.kill('SIGKILL');
  cluster?.destroy();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(!binDir)('the server while PostgreSQL restarts', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    cluster = await startScratchPostgres(binDir as string);
    server = startServerProcess(await freePort(), dataDir, {
      DATABASE_URL: cluster.url,
      DATABASE_CONNECT_TIMEOUT: '2',
    });
    servers.push(server);
    await waitForHealth(server);
  }, 180_000);

  it('answers 503 while the database is away, recovers by itself, and loses or doubles no order', async () => {
    const db = cluster as ScratchPostgres;
    const email = `restart-${randomUUID()}@example.ru`;
    const answers: Answer[] = [];
    const acknowledged = new Map<string, number>();
    let writing = true;

    // Each writer sends orders one after another; an order not acknowledged is sent again with
    // its key, as the app's outbox does, until it is.
    const writer = async () => {
      while (writing) {
        const key = randomUUID();
        for (;;) {
          const answer = await postOrder(server.origin, key, email);
          answers.push(answer);
          if (answer.status === 201 || answer.status === 200) {
            acknowledged.set(key, answer.body.order?.id as number);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);

    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const stoppedAt = Date.now();
    db.stop();
    const healthWhileDown: number[] = [];
    while (Date.now() - stoppedAt < OUTAGE_MS) {
      const health = await fetch(`${server.origin}/api/health`).catch(() => undefined);
      healthWhileDown.push(health?.status ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const restartedAt = Date.now();
    db.start();
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - restartedAt < 30_000) {
      const health = await fetch(`${server.origin}/api/health`).catch(() => undefined);
      if (health?.status === 200) recoveredAt = Date.now();
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Traffic goes on a while after recovery, then every writer finishes its current order.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    writing = false;
    await Promise.all(writers);

    const during = answers.filter((a) => a.at >= stoppedAt && a.at < restartedAt);
    const unavailable = answers.filter((a) => a.status === 503);
    const longest = Math.max(...during.map((a) => a.ms));
    console.info(
      `restart: ${answers.length} answers, ${acknowledged.size} orders acknowledged; while down: ` +
        `${JSON.stringify(countBy(during.map((a) => a.status)))}, longest answer ${longest} ms; ` +
        `health while down ${JSON.stringify(countBy(healthWhileDown))}; recovered ${recoveredAt - restartedAt} ms after the start`,
    );

    expect(server.child.exitCode, server.output()).toBeNull();
    expect(recoveredAt, 'the server serves again by itself').toBeGreaterThan(0);
    expect(healthWhileDown.length).toBeGreaterThan(0);
    expect(healthWhileDown.every((status) => status === 503)).toBe(true);
    // Every request answered, never a hang or a dropped connection, never a 500.
    expect(answers.filter((a) => a.status === 0 || a.status === 500)).toEqual([]);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((a) => a.status === 503 || a.status === 201 || a.status === 200)).toBe(true);
    expect(longest).toBeLessThan(10_000);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(answer.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.body.message).toMatch(/недоступен/);
      expect(answer.retryAfter).toBe('5');
    }

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number }>('select id from orders where email = $1', [email]);
      const stored = rows.map((row) => row.id).sort((a, b) => a - b);
      // Exactly the acknowledged orders: none lost, none made twice by a repeated send.
      expect(stored).toEqual([...acknowledged.values()].sort((a, b) => a - b));

      // pg-boss works again: an order made after the restart gets its confirmation processed.
      const afterRestart = await postOrder(server.origin, randomUUID(), email);
      expect(afterRestart.status).toBe(201);
      let processed = false;
      for (let i = 0; i < 100 && !processed; i++) {
        const events = await client.query(
          `select 1 from order_events where order_id = $1 and event_type = 'order-received' and success`,
          [afterRestart.body.order?.id],
        );
        processed = (events.rowCount ?? 0) > 0;
        if (!processed) await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(processed, 'the order-received task ran after the restart').toBe(true);
    } finally {
      await client.end();
    }

    // The log holds errors in brief: never a pg Client's insides.
    expect(server.output()).not.toMatch(/_types|secretKey|"_connecting"|"connectionParameters"/);
    expect(server.output()).not.toMatch(/Unhandled 'error' event/);
  }, 120_000);

  it('waits for a database that is not up yet at start, then serves', async () => {
    const db = cluster as ScratchPostgres;
    db.stop();
    const waitingDir = mkdtempSync(join(tmpdir(), 'perevod-restart-'));
    const waiting = startServerProcess(await freePort(), waitingDir, {
      DATABASE_URL: db.url,
      DATABASE_CONNECT_TIMEOUT: '2',
      DATABASE_START_TIMEOUT: '60',
    });
    servers.push(waiting);
    folders.push(waitingDir);
    for (let i = 0; i < 300 && !waiting.output().includes('повтор через'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(waiting.output()).toContain('PostgreSQL недоступен, повтор через');
    // A few tries later it still waits rather than exiting.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(waiting.child.exitCode, waiting.output()).toBeNull();
    db.start();
    await waitForHealth(waiting, 60_000);
    const catalogue = await fetch(`${waiting.origin}/api/order/form-params`);
    expect(catalogue.status).toBe(200);
  }, 120_000);
});

function countBy(values: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
