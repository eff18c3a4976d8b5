/**
 * What reaches the customer's mailbox, through the real queue: a message of the bureau is mailed
 * only if it is still unread 15 minutes after it was sent — its task is due then — once however
 * often the task runs, and messages sent in a row make one mail; the finished translation's mail
 * goes once per upload, a repeated upload included.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAIL_DELAY_MINUTES } from '../../../src/domain/order-messages';
import { rowsOf } from '../../db/rows';
import { placeOrder } from '../../test-support/cabinet-fixtures';
import { listOutbox, waitForEmail } from '../../test-support/outbox';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { mailUnreadMessages } from './message-mail';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let server: TestServer;
let anna: SignedInTestUser;
let manager: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer({ jobs: true });
  anna = await signInAs(server.context, 'USER', { email: 'anna.mail@example.ru' });
  manager = await signInAs(server.context, 'MANAGER', { email: 'mail.manager@perevod.local' });
});
afterAll(() => server?.close());

function form(fields: Record<string, string>, attached: { name: string; content: Buffer }[] = []) {
  const boundary = '----perevod-mail-test';
  const chunks = [
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    ...attached.flatMap((file) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    ]),
  ];
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function officeWrites(orderId: number, text: string): Promise<number> {
  const body = form({ text });
  const answer = await server.app.inject({
    method: 'POST',
    url: `/api/order/${orderId}/messages`,
    payload: body.payload,
    headers: { ...body.headers, ...manager.headers },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().message.id;
}

const mailsTo = (email: string, template: string) =>
  listOutbox(server.context.config.dataDir).filter((file) =>
    file.replace(/(-\d+)?\.eml$/, '').endsWith(`-${email}-${template}`),
  );

/** The queued send-email tasks to the address, delivered or not. */
async function queuedMails(email: string, template: string): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(
    server.context.db,
    sql`select count(*) as n from (
      select data from pgboss.job where name = 'notification-tasks'
      union all select data from pgboss.archive where name = 'notification-tasks') j
      where j.data->>'name' = 'send-email' and j.data->>'to' = ${email} and j.data->>'template' = ${template}`,
  );
  return Number(row?.n ?? 0);
}

describe("the mail of the bureau's unread message", () => {
  it('is due 15 minutes after the message, and its task mails it once however often it runs', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'IN_TRANSLATION' });
    const id = await officeWrites(
      order.id,
      'Уточните, пожалуйста, отчество в дипломе: Сергеевна или Сергеевич?',
    );
    const [task] = await rowsOf<{ delay: number | string }>(
      server.context.db,
      sql`select extract(epoch from start_after - created_on) as delay from pgboss.job
        where name = 'notification-tasks' and data->>'name' = 'message-mail' and (data->>'messageId')::int = ${id}`,
    );
    expect(Number(task?.delay)).toBeCloseTo(MESSAGE_MAIL_DELAY_MINUTES * 60, -1);

    // Fifteen minutes on, still unread: the task runs (as pg-boss would run it then), and again.
    expect(await mailUnreadMessages(server.context.db, { messageId: id })).toBe('mailed');
    const mail = await waitForEmail(
      server.context.config.dataDir,
      { to: order.email, template: 'order-messages' },
      30_000,
    );
    expect(mail.subject).toBe(`Заказ ${order.number}: новое сообщение от бюро`);
    expect(mail.text).toContain('Уточните, пожалуйста, отчество в дипломе: Сергеевна или Сергеевич?');
    expect(mail.text).toContain(`/cabinet/orders/${order.id}#order-messages`);
    expect(await mailUnreadMessages(server.context.db, { messageId: id })).toBe('already-mailed');
    expect(await queuedMails(order.email, 'order-messages')).toBe(1);
  });

  it('is not sent when the customer read the message within the 15 minutes', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'IN_TRANSLATION' });
    const id = await officeWrites(order.id, 'Перевод готов, проверьте написание имени');
    const read = await server.app.inject({
      method: 'POST',
      url: `/api/user/orders/${order.id}/messages/read`,
      headers: anna.headers,
      payload: { upToId: id },
    });
    expect(read.statusCode).toBe(200);
    expect(await mailUnreadMessages(server.context.db, { messageId: id })).toBe('read');
    expect(await queuedMails(order.email, 'order-messages')).toBe(0);
  });

  it('of messages sent in a row is one mail, 15 minutes after the last, with all of them', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'READY' });
    const first = await officeWrites(order.id, 'Перевод готов.');
    const second = await officeWrites(order.id, 'Оригинал можно забрать в пункте выдачи.');
    expect(await mailUnreadMessages(server.context.db, { messageId: first })).toBe('waits-for-newer');
    expect(await mailUnreadMessages(server.context.db, { messageId: second })).toBe('mailed');
    const mail = await waitForEmail(
      server.context.config.dataDir,
      { to: order.email, template: 'order-messages' },
      30_000,
    );
    expect(mail.subject).toBe(`Заказ ${order.number}: новые сообщения от бюро`);
    expect(mail.text).toContain('Перевод готов.');
    expect(mail.text).toContain('Оригинал можно забрать в пункте выдачи.');
    expect(await mailUnreadMessages(server.context.db, { messageId: first })).toBe('already-mailed');
    expect(await queuedMails(order.email, 'order-messages')).toBe(1);
  });

  it('goes through the notification queue’s worker when its task comes due', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'READY' });
    const id = await officeWrites(order.id, 'Курьер приедет завтра с 10 до 14.');
    // The task written with the message waits 15 minutes; the same task due now is run by the worker.
    await server.context.jobs?.send('notification-tasks', {
      name: 'message-mail',
      orderId: order.id,
      messageId: id,
    });
    const mail = await waitForEmail(
      server.context.config.dataDir,
      { to: order.email, template: 'order-messages' },
      30_000,
    );
    expect(mail.text).toContain('Курьер приедет завтра с 10 до 14.');
  });
});

describe('the mail of the finished translation', () => {
  it('goes once per upload, a retried upload with its key included, with the files and the note', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'READY' });
    const upload = () => {
      const body = form({ note: 'Печать нотариуса — на оригинале' }, [
        { name: 'Перевод паспорта.pdf', content: PDF },
      ]);
      return server.app.inject({
        method: 'POST',
        url: `/api/order/${order.id}/results`,
        payload: body.payload,
        headers: { ...body.headers, ...manager.headers, 'idempotency-key': 'results-mail-1a2b3c4d' },
      });
    };
    expect((await upload()).statusCode).toBe(201);
    expect((await upload()).headers['idempotent-replayed']).toBe('true');
    const mail = await waitForEmail(
      server.context.config.dataDir,
      { to: order.email, template: 'order-results' },
      30_000,
    );
    expect(mail.subject).toBe(`Заказ ${order.number}: готовый перевод в личном кабинете`);
    expect(mail.text).toContain('Перевод паспорта.pdf');
    expect(mail.text).toContain('Комментарий бюро: Печать нотариуса — на оригинале');
    expect(await queuedMails(order.email, 'order-results')).toBe(1);
    expect(mailsTo(order.email, 'order-results')).toHaveLength(1);
  });
});
