/**
 * Several server processes on one PostgreSQL, each with a data folder of its own, as behind a
 * load balancer: they share the token key and the VAPID pair through the database, so a session
 * opened on one works on another and a push subscription made through one is served by all. A
 * process whose own secrets.json disagrees with the database is refused.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  postgresBinDir,
  type ScratchPostgres,
  startScratchPostgres,
} from './test-support/scratch-postgres';
import { type ServerProcess, startServerProcess, waitForHealth } from './test-support/server-process';

const binDir = postgresBinDir();
if (!binDir) {
  const message = 'PostgreSQL server binaries (initdb, pg_ctl) not found: the scale-out test cannot run';
  if (process.env.E2E_REQUIRED === '1') throw new Error(message);
  console.warn(`\n!!! ${message} (apt-get install postgresql) — skipped\n`);
}

let cluster: ScratchPostgres | undefined;
const folders: string[] = [];
const servers: ServerProcess[] = [];

async function startOn(env: Record<string, string> = {}, prepare?: (dataDir: string) => void) {
  const dataDir = mkdtempSync(join(tmpdir(), 'perevod-scale-'));
  folders.push(dataDir);
  prepare?.(dataDir);
  const server = startServerProcess(await freePort(), dataDir, {
    DATABASE_URL: (cluster as ScratchPostgres).url,
    ...env,
  });
  servers.push(server);
  return server;
}

afterAll(() => {
  for (const { child } of servers) if (child.exitCode === null) child.kill('SIGKILL');
  cluster?.destroy();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(!binDir)('two server processes on one PostgreSQL', () => {
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    cluster = await startScratchPostgres(binDir as string);
    // Started together: the advisory lock makes them agree on one set of keys.
    [first, second] = await Promise.all([startOn(), startOn()]);
    await Promise.all([waitForHealth(first), waitForHealth(second)]);
  }, 240_000);

  it('accept each other’s sessions and push subscriptions', async () => {
    const signIn = await fetch(`${first.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin@perevod.local', password: 'process-test-password' }),
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    const profileElsewhere = await fetch(`${second.origin}/api/profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profileElsewhere.status).toBe(200);

    const keys = await Promise.all(
      [first, second].map(async (server) => {
        const answer = await fetch(`${server.origin}/api/notifications/vapid-public-key`);
        return ((await answer.json()) as { publicKey: string }).publicKey;
      }),
    );
    expect(keys[0]).toBe(keys[1]);
  });

  it('make one order of one idempotency key whichever process each send reaches', async () => {
    const body = JSON.stringify({
      name: 'Анна Смирнова',
      phoneNumber: '+7 916 123-45-67',
      email: 'two-processes@example.ru',
      originalLanguage: 'ru',
      targetLanguage: 'en',
      orderDocuments: [{ documentId: 1, quantity: 1, assuranceIds: [] }],
      payerType: 'INDIVIDUAL',
      deliveryType: 'OFFICE',
      personalDataConsent: true,
    });
    const send = (server: ServerProcess) =>
      fetch(`${server.origin}/api/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'two-processes-one-order' },
        body,
      });
    const answers = await Promise.all([send(first), send(second), send(first), send(second)]);
    const ids = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { order: { id: number } }).order.id),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(ids).size).toBe(1);
  });

  it('count wrong passwords and end sessions for every process at once', async () => {
    const wrong = (server: ServerProcess) =>
      fetch(`${server.origin}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'nobody-here@perevod.local', password: 'not-the-password' }),
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++)
      statuses.push((await wrong(attempt % 2 ? second : first)).status);
    // Five tries per login and address, wherever they land; then both processes refuse.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);

    const signIn = await fetch(`${second.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin@perevod.local', password: 'process-test-password' }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${first.origin}/api/profile`, { headers: auth })).status).toBe(200);
    expect(
      (await fetch(`${first.origin}/api/auth/logout`, { method: 'POST', headers: auth })).status,
    ).toBeLessThan(300);
    expect((await fetch(`${second.origin}/api/profile`, { headers: auth })).status).toBe(401);
  });

  it('refuses a process whose own secrets.json disagrees with the database', async () => {
    const stray = await startOn({}, (dataDir) =>
      writeFileSync(
        join(dataDir, 'secrets.json'),
        JSON.stringify({ jwtSecret: 'a-key-from-another-installation-entirely-0123456789' }),
        { mode: 0o600 },
      ),
    );
    expect(await stray.exit).not.toBe(0);
    expect(stray.output()).toContain('не совпадают с ключами в базе данных');
  }, 120_000);
});
