/**
 * Email through the notification-tasks queue: the worker started with the server delivers a
 * send-email task into DATA_DIR/outbox within about a second, and the task data in pg-boss
 * holds no code or link in the clear.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { domainToASCII } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { listOutbox, parseEmail, readEmail, signInCodeOf, waitForEmail } from '../test-support/outbox';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { createMailService } from './mail-service';
import { writeToOutbox } from './outbox';
import { seal, unseal } from './seal';
import { renderEmail } from './templates';

describe('email through the queue', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ jobs: true });
  });
  afterAll(() => server?.close());

  it('delivers a sign-in code about a second after the request', async () => {
    const started = Date.now();
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/auth/email/request-code',
      payload: { email: 'queued@example.ru' },
    });
    expect(answer.statusCode).toBe(200);
    const email = await waitForEmail(server.context.config.dataDir, {
      to: 'queued@example.ru',
      template: 'sign-in-code',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    const { code } = signInCodeOf(email);
    const verified = await server.app.inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      payload: { email: 'queued@example.ru', verificationCode: code },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('keeps the code and the link sealed in the task: monitoring sees only the template and the address', async () => {
    await server.context.mail.send({
      template: 'sign-in-code',
      to: 'sealed@example.ru',
      params: {
        code: '135790',
        link: 'https://perevod.example.ru/?hash=SECRETLINK&email=sealed%40example.ru',
      },
    });
    await waitForEmail(server.context.config.dataDir, { to: 'sealed@example.ru', template: 'sign-in-code' });
    const rows = await rowsOf<{ data: Record<string, unknown> }>(
      server.context.db,
      sql`select data from pgboss.job where name = 'sign-in-mail' and data->>'to' = 'sealed@example.ru'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.data).toMatchObject({
      name: 'send-email',
      template: 'sign-in-code',
      to: 'sealed@example.ru',
    });
    expect(JSON.stringify(rows[0]?.data)).not.toMatch(/135790|SECRETLINK/);
  });

  it('retries a failed delivery with growing delays', async () => {
    const jobs = server.context.jobs;
    if (!jobs) throw new Error('jobs not started');
    const id = await jobs.send(
      'notification-tasks',
      { name: 'send-email', template: 'no-such-template', to: 'x@example.ru' },
      {
        retryLimit: 5,
        retryDelay: 5,
        retryBackoff: true,
      },
    );
    for (let i = 0; i < 40; i++) {
      const job = await jobs.boss.getJobById('notification-tasks', id as string);
      if (job?.state === 'retry') {
        expect(job).toMatchObject({ retryLimit: 5, retryBackoff: true });
        expect(new Date(job.startAfter).getTime()).toBeGreaterThan(Date.now());
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the failed task was not put back for a retry');
  });
});

describe('the outbox', () => {
  const dir = mkdtempSync(join(tmpdir(), 'perevod-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names files <ISO time>-<recipient>-<template>.eml and never overwrites one', async () => {
    const at = new Date('2026-11-20T10:15:00.000Z');
    const first = await writeToOutbox(dir, Buffer.from('one'), 'anna@example.ru', 'sign-in-code', at);
    const second = await writeToOutbox(dir, Buffer.from('two'), 'anna@example.ru', 'sign-in-code', at);
    expect(first).toBe(join(dir, '2026-11-20T10:15:00.000Z-anna@example.ru-sign-in-code.eml'));
    expect(second).toBe(join(dir, '2026-11-20T10:15:00.000Z-anna@example.ru-sign-in-code-2.eml'));
    expect(readdirSync(dir).sort()).toEqual([
      '2026-11-20T10:15:00.000Z-anna@example.ru-sign-in-code-2.eml',
      '2026-11-20T10:15:00.000Z-anna@example.ru-sign-in-code.eml',
    ]);
    expect(listOutbox(join(dir, '..', 'missing'))).toEqual([]);
  });

  it('makes its folder, private to the server, with the first mail and again once it is removed', async () => {
    const outbox = join(dir, 'outbox');
    await writeToOutbox(outbox, Buffer.from('one'), 'anna@example.ru', 'sign-in-code');
    expect(statSync(outbox).mode & 0o777).toBe(0o700);
    rmSync(outbox, { recursive: true });
    await writeToOutbox(outbox, Buffer.from('two'), 'anna@example.ru', 'sign-in-code');
    expect(readdirSync(outbox).filter((name) => name.endsWith('.eml'))).toHaveLength(1);
  });
});

describe('templates and seals', () => {
  it('escape what people typed in the HTML', () => {
    const email = renderEmail('access-rejected', { name: '<b>Анна</b>', reason: 'a & b' });
    expect(email.html).toContain('&#60;b&#62;Анна&#60;/b&#62;');
    expect(email.html).toContain('a &#38; b');
    expect(email.text).toContain('<b>Анна</b>');
  });

  it('open only with their key, and refuse a tampered seal', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = seal(key, { code: '123456' });
    expect(unseal(key, sealed)).toEqual({ code: '123456' });
    expect(() => unseal(Buffer.alloc(32, 8), sealed)).toThrow();
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => unseal(key, tampered)).toThrow();
  });

  it('read back from a real .eml', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perevod-eml-'));
    try {
      const nodemailer = (await import('nodemailer')).default;
      const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const rendered = renderEmail('sign-in-code', {
        code: '024680',
        link: 'https://x.ru/?hash=abc_DEF-123&email=a%40b.ru',
      });
      const info = await transport.sendMail({
        from: 'a@b.ru',
        to: 'c@d.ru',
        ...rendered,
        textEncoding: 'quoted-printable',
      });
      const file = await writeToOutbox(dir, info.message as Buffer, 'c@d.ru', 'sign-in-code');
      const email = readEmail(file);
      expect(email.subject).toBe('Код для входа: 024680');
      expect(signInCodeOf(email)).toEqual({
        code: '024680',
        link: 'https://x.ru/?hash=abc_DEF-123&email=a%40b.ru',
        hash: 'abc_DEF-123',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** What a bare SMTP server (no TLS, no auth) received: the envelope and the message's text. */
interface Received {
  from: string;
  to: string[];
  data: string;
}

/** Just enough of SMTP (RFC 5321) to take messages from nodemailer: what came, over how many connections. */
function smtpServer(): { server: Server; received: Received[]; connections: () => number } {
  const received: Received[] = [];
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    let message: Received = { from: '', to: [], data: '' };
    let buffer = '';
    let inData = false;
    socket.setEncoding('latin1');
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          message.data = Buffer.from(buffer.slice(0, end + 2), 'latin1')
            .toString('utf8')
            .replace(/^\.\./gm, '.');
          received.push(message);
          message = { from: '', to: [], data: '' };
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
        if (/^MAIL FROM:/i.test(line)) message.from = address;
        else if (/^RCPT TO:/i.test(line)) message.to.push(address);
        if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, received, connections: () => connections };
}

describe('a letter over SMTP and from an unusual sender', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'perevod-smtp-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const service = (config: { smtpUrl?: string; mailFrom: string }) =>
    createMailService({
      config: { smtpUrl: undefined, ...config, dataDir, limits: { mailsPerHourToUnverified: 3 } as never },
      sealKey: Buffer.alloc(32, 1),
      jobs: undefined,
      // Neither the cap nor an order is asked of here (sign-in codes).
      db: undefined as unknown as Database,
    });
  const code = { code: '024680', link: 'https://x.ru/?hash=abc_DEF-123&email=a%40b.ru' };

  it('goes out with its envelope, reads as the template rendered it, and a burst shares a connection', async () => {
    const { server, received, connections } = smtpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const mail = service({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom: 'Бюро переводов <no-reply@perevod.local>',
      });
      for (const to of ['anna@example.ru', 'boris@example.ru', 'vera@example.ru'])
        expect(await mail.sendNow({ template: 'sign-in-code', to, params: code })).toBe('sent');
      expect(received.map((message) => message.to)).toEqual([
        ['anna@example.ru'],
        ['boris@example.ru'],
        ['vera@example.ru'],
      ]);
      expect(connections()).toBe(1);
      const [message] = received as [Received];
      expect(message.from).toBe('no-reply@perevod.local');
      // SMTP carries CRLF only: no bare newline reached the server.
      expect(message.data).not.toMatch(/[^\r]\n/);
      const email = parseEmail(message.data);
      expect(email.to).toBe('anna@example.ru');
      expect(email.subject).toBe('Код для входа: 024680');
      expect(signInCodeOf(email)).toMatchObject(code);
      expect(listOutbox(dataDir)).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('from an internationalised domain, composed by nodemailer, still reads the same', async () => {
    const mail = service({ mailFrom: 'Бюро <no-reply@бюро.рф>' });
    await mail.sendNow({ template: 'sign-in-code', to: 'anna@example.ru', params: code });
    const [file] = listOutbox(dataDir);
    const email = readEmail(file as string);
    expect(email.subject).toBe('Код для входа: 024680');
    expect(signInCodeOf(email)).toMatchObject(code);
    // The domain in its ASCII form, as SMTP needs it.
    expect(readFileSync(file as string, 'utf8')).toMatch(
      new RegExp(`^From: .*<no-reply@${domainToASCII('бюро.рф').replace(/\./g, '\\.')}>$`, 'm'),
    );
    expect(email.to).toBe('anna@example.ru');
  });
});
