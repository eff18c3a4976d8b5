/**
 * A sign-in code never waits behind other mail: with a thousand order mails queued and the
 * notification worker stuck on the first of them (an SMTP server that does not answer), a code
 * asked for now is still delivered. The time it takes on a busy queue is measured by
 * bench/abuse.ts, not asserted here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendEmailTask } from '../mail/mail-service';
import { seal } from '../mail/seal';
import { waitForEmail } from '../test-support/outbox';
import { startTestServer, type TestServer } from '../test-support/test-server';

let server: TestServer;
let release: () => void = () => {};
beforeAll(async () => {
  server = await startTestServer({ jobs: true });
});
afterAll(async () => {
  release();
  await server?.close();
});

describe('sign-in codes', () => {
  it('are delivered while a thousand other mails wait and their worker is stuck', async () => {
    const { context } = server;
    const jobs = context.jobs;
    if (!jobs) throw new Error('jobs not started');
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const deliver = context.mail.deliver;
    // Every mail but a code hangs, as behind an SMTP server that stopped answering.
    context.mail.deliver = async (task: SendEmailTask) => {
      if (task.template !== 'sign-in-code') await stuck;
      return deliver(task);
    };
    const flood = Array.from({ length: 1000 }, (_, index) => ({
      name: 'notification-tasks' as const,
      data: {
        name: 'send-email' as const,
        template: 'order-received',
        to: 'victim@example.ru',
        sealed: seal(context.keys.mailSeal, { number: `F-${index}`, amount: '1 ₽', link: 'https://x.ru' }),
      },
    }));
    await jobs.insert(flood);
    jobs.wake('notification-tasks');

    const asked = await server.app.inject({
      method: 'POST',
      url: '/api/auth/email/request-code',
      payload: { email: 'waiting@example.ru' },
    });
    expect(asked.statusCode).toBe(200);
    const code = await waitForEmail(
      context.config.dataDir,
      { to: 'waiting@example.ru', template: 'sign-in-code' },
      30_000,
    );
    expect(code.subject).toMatch(/^Код для входа: \d{6}$/);
    // It did not go through the flood: the order mails are all still waiting or stuck.
    const queued = await jobs.boss.getQueueSize('notification-tasks');
    expect(queued).toBeGreaterThanOrEqual(990);
    context.mail.deliver = deliver;
  }, 60_000);
});
