import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { QUEUE_NAMES } from './queues';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: true });
});
afterAll(() => server?.close());

describe('the job queues', () => {
  it('exist from the start, on the server database', async () => {
    const jobs = server.context.jobs;
    if (!jobs) throw new Error('jobs not started');
    const names = (await jobs.boss.getQueues()).map((queue) => queue.name);
    for (const name of QUEUE_NAMES) expect(names).toContain(name);
  });

  it('accept a task and keep it until a worker takes it', async () => {
    const jobs = server.context.jobs;
    if (!jobs) throw new Error('jobs not started');
    const id = await jobs.send('notification-tasks', {
      name: 'send-email',
      template: 'order-created',
      to: 'anna@example.ru',
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const job = await jobs.boss.getJobById('notification-tasks', id as string);
    expect(job?.data).toMatchObject({ name: 'send-email', template: 'order-created' });
  });

  it('are reported by the health check', async () => {
    const response = await server.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok', queue: 'ok', version: '0.1.0' });
  });

  it('health answers 503 in the error schema when the database is gone', async () => {
    await server.context.jobs?.stop();
    const degraded = await server.app.inject({ url: '/api/health' });
    expect(degraded.json()).toMatchObject({ status: 'degraded', queue: 'down' });
    await server.context.database.close();
    const down = await server.app.inject({ url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'База данных недоступна' });
  });
});
