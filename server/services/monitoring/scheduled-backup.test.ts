import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupHistory } from '../../backup/history';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { BACKUP_QUEUE, BACKUP_TIME_ZONE } from './scheduled-backup';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: true });
});
afterAll(() => server?.close());

describe('the scheduled backup', () => {
  it('is a pg-boss schedule, daily at 03:30 Moscow time, started with the server', async () => {
    const schedules = await server.context.jobs?.boss.getSchedules();
    expect(schedules?.find((schedule) => schedule.name === BACKUP_QUEUE)).toMatchObject({
      cron: '30 3 * * *',
      timezone: BACKUP_TIME_ZONE,
    });
  });

  it('writes an archive when its job runs and keeps the result for the monitoring screen', async () => {
    const jobs = server.context.jobs;
    if (!jobs) throw new Error('jobs not started');
    await jobs.send(BACKUP_QUEUE, {});
    jobs.wake(BACKUP_QUEUE);
    let history = await backupHistory(server.context.db);
    for (let waited = 0; history.length === 0 && waited < 25_000; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      history = await backupHistory(server.context.db);
    }
    const [last] = history;
    expect(last).toMatchObject({ status: 'ok', kind: 'scheduled', error: null });
    expect(last?.archive).toMatch(/\/backups\/perevod-\d{8}T\d{6}Z-v0\.1\.0\.tar\.gz$/);
    expect(existsSync(last?.archive as string)).toBe(true);
    expect(existsSync(`${last?.archive}.sha256`)).toBe(true);
    expect(last?.bytes).toBeGreaterThan(0);
    expect(last?.counts?.users).toBeGreaterThanOrEqual(1);
  });
});
