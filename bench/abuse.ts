/**
 * The figures of the public form's limits (docs/decisions/0027-abuse-limits.md), measured on the
 * real server process over HTTP with the limits a bureau runs with:
 * 1. a burst of anonymous orders from one address: how many are accepted;
 * 2. anonymous orders naming one victim's email from many addresses: orders accepted, mails sent;
 * 3. a sign-in code asked for right after a flood of 1,000 order mails (limits raised so the flood
 *    gets through): how long until it is delivered, beside the time on a quiet queue.
 * Run: npx tsx bench/abuse.ts
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type AppServer, startAppServer } from '../scripts/app-server.mjs';

const DEFAULT_LIMITS = {
  ORDERS_PER_HOUR_PER_ADDRESS: '20',
  ORDERS_PER_DAY_PER_EMAIL: '10',
  ORDERS_PER_HOUR_PER_CUSTOMER: '60',
  MAILS_PER_HOUR_TO_UNVERIFIED: '5',
  UPLOAD_MB_PER_HOUR_PER_ADDRESS: '300',
};

let serial = 0;
const order = (email = `burst.${++serial}@example.ru`) => ({
  name: 'Анна Смирнова',
  phoneNumber: '8 (916) 123-45-67',
  email,
  originalLanguage: 'ru',
  targetLanguage: 'en',
  orderDocuments: [{ documentId: 1, quantity: 1, assuranceIds: [] }],
  payerType: 'INDIVIDUAL',
  deliveryType: 'OFFICE',
  personalDataConsent: true,
});

/** The answer's status, or 0 when the connection failed (counted, not fatal: a busy machine). */
async function post(server: AppServer, body: object, from?: string): Promise<number> {
  try {
    const response = await fetch(`${server.url}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** Sends `count` requests, `parallel` at a time; the answers' status codes. */
async function burst(count: number, parallel: number, send: (index: number) => Promise<number>) {
  const codes: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) codes.push(await send(next++));
    }),
  );
  return codes;
}

/** Mails of the template in the outbox, to `email` or (null) to anyone. */
const mailsTo = (server: AppServer, email: string | null, template: string) => {
  const suffix = email === null ? `-${template}.eml` : `-${email}-${template}.eml`;
  try {
    return readdirSync(join(server.dataDir, 'outbox')).filter((name) => name.endsWith(suffix)).length;
  } catch {
    return 0;
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function codeDelivery(server: AppServer, email: string): Promise<number> {
  const started = Date.now();
  const response = await fetch(`${server.url}/api/auth/email/request-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!response.ok) throw new Error(`code refused: ${response.status}`);
  while (mailsTo(server, email, 'sign-in-code') === 0) {
    if (Date.now() - started > 300_000) throw new Error('no code in 5 minutes');
    await sleep(50);
  }
  return Date.now() - started;
}

const count = (codes: number[], code: number) => codes.filter((value) => value === code).length;

async function main() {
  if (process.argv.includes('--code-only')) return codeFigure();
  const limited = await startAppServer({
    env: { ...DEFAULT_LIMITS, TRUST_PROXY: 'true', LOG_LEVEL: 'warn' },
    healthTimeoutMs: 300_000,
  });
  try {
    let started = Date.now();
    const fromOne = await burst(1000, 20, () => post(limited, order(), '198.51.100.7'));
    console.log(
      `1,000 anonymous orders from one address: ${count(fromOne, 201)} accepted, ${count(fromOne, 429)} answered 429, in ${Date.now() - started} ms`,
    );
    started = Date.now();
    const victim = 'victim@example.ru';
    const toVictim = await burst(1000, 20, (index) =>
      post(limited, order(victim), `198.51.${index >> 8}.${index & 255}`),
    );
    await sleep(5000);
    console.log(
      `1,000 anonymous orders to one email from 1,000 addresses: ${count(toVictim, 201)} accepted, ${count(toVictim, 429)} answered 429; mails to it: ${mailsTo(limited, victim, 'order-received')}`,
    );
  } finally {
    await limited.stop();
  }

  await codeFigure();
}

async function codeFigure() {
  const open = await startAppServer({ env: { LOG_LEVEL: 'warn' }, healthTimeoutMs: 300_000 });
  try {
    const quiet = await codeDelivery(open, 'quiet@example.ru');
    const flood = await burst(1000, 20, () => post(open, order()));
    if (count(flood, 0) > 0)
      console.log(`(${count(flood, 0)} connections failed; server output: ${open.output().slice(-2000)})`);
    const underFlood = await codeDelivery(open, 'flooded@example.ru');
    const pending = 1000 - mailsTo(open, null, 'order-received');
    console.log(
      `sign-in code: ${quiet} ms on a quiet queue; ${underFlood} ms right after ${count(flood, 201)} orders queued their mails (${pending} of them not yet sent when the code arrived)`,
    );
  } finally {
    await open.stop();
  }
}

await main();
