/**
 * Two server processes on one PostgreSQL (a cluster of this test's own), as a bureau running two
 * instances behind a balancer: each schedules the periodic jobs at start, and still every job has
 * one schedule and runs once per tick — never once per process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test-support/eventually';
import {
  freePort,
  postgresBinDir,
  type ScratchPostgres,
  startScratchPostgres,
} from '../test-support/scratch-postgres';
import { type ServerProcess, startServerProcess, waitForHealth } from '../test-support/server-process';

const binDir = postgresBinDir();
if (!binDir) {
  const message = 'PostgreSQL server binaries (initdb, pg_ctl) not found: the two-process test cannot run';
  if (process.env.E2E_REQUIRED === '1') throw new Error(message);
  console.warn(`\n!!! ${message} (apt-get install postgresql) — skipped\n`);
}

/** The job that ticks every minute here; the others keep their defaults. */
const JOB = 'send-payment-reminders';
const folders: string[] = [];
const servers: ServerProcess[] = [];
let cluster: ScratchPostgres | undefined;

afterAll(() => {
  for (const { child } of servers) if (child.exitCode === null) child.kill('SIGKILL');
  cluster?.destroy();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(!binDir)('periodic jobs with two server processes on one database', () => {
  let client: pg.Client;

  beforeAll(async () => {
    cluster = await startScratchPostgres(binDir as string);
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'perevod-periodic-'));
      folders.push(dataDir);
      const server = startServerProcess(await freePort(), dataDir, {
        DATABASE_URL: cluster.url,
        CRON_SEND_PAYMENT_REMINDERS: '* * * * *',
      });
      servers.push(server);
      // One after the other: the second finds the schema migrated and schedules again.
      await waitForHealth(server);
    }
    client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
  }, 240_000);

  afterAll(() => client?.end());

  it('keep one schedule each and run once per tick', async () => {
    const schedules = await client.query<{ name: string }>('select name from pgboss.schedule order by name');
    expect(schedules.rows.map((row) => row.name)).toEqual([
      'backup',
      'check-new-paid-orders',
      'file-cleanup',
      'orphan-sweep',
      'scan-retention',
      'send-act-exchange-reminders',
      'send-payment-reminders',
    ]);

    // Every run of the job: pg-boss's cron check runs every 30 s in one process at a time, so
    // two ticks are at least about half a minute apart, and a tick run by both processes would
    // show as two runs seconds apart.
    const runs = async () =>
      (
        await client.query<{ at: Date; state: string }>(
          `select created_on as at, state from pgboss.job where name = $1
            union all select created_on, state from pgboss.archive where name = $1 order by 1`,
          [JOB],
        )
      ).rows;
    const seen = await eventually(
      async () => {
        const rows = await runs();
        return rows.filter((row) => row.state === 'completed').length >= 2 ? rows : undefined;
      },
      { timeoutMs: 240_000, everyMs: 2000, what: 'two ticks of the job' },
    );
    const gaps = seen.slice(1).map((row, i) => row.at.getTime() - (seen[i] as { at: Date }).at.getTime());
    expect(
      gaps.every((gap) => gap > 15_000),
      `seconds between runs: ${gaps.map((g) => g / 1000)}`,
    ).toBe(true);
    const summaries = await client.query<{ output: { summary?: string } }>(
      `select output from pgboss.job where name = $1 and state = 'completed'`,
      [JOB],
    );
    expect(summaries.rows[0]?.output.summary).toMatch(/^Отправлено напоминаний: 0$/);
    for (const server of servers) expect(server.child.exitCode).toBeNull();
  }, 300_000);
});
