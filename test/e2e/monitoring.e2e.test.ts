/**
 * The monitoring screens in Chromium, on a server process of this file's own whose courier
 * service (a local CDEK stub) keeps failing with a long error, as real data looks on a bad day:
 * courier orders whose parcel task is retrying, periodic runs that failed. An admin finds an
 * order's tasks on the queue page and cancels the active ones after confirming; a MANAGER sees
 * the monitoring page without the queue and cron tabs and is kept out of them; every screen fits
 * 360 and 1440 px. MONITOR_SHOTS=<folder> saves each screen at both sizes.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium.mjs';
import { type CdekStub, startCdekStub } from '../../server/test-support/cdek-stub';
import { eventually } from '../../server/test-support/eventually';
import { signInCodeOf, waitForEmail } from '../../server/test-support/outbox';
import { freePort } from '../../server/test-support/scratch-postgres';
import {
  type ServerProcess,
  startServerProcess,
  waitForHealth,
} from '../../server/test-support/server-process';
import { callApi, uniqueEmail } from './auth-fixtures';
import { demoOrderBody } from './cabinet-steps';
import { laneServer } from './harness';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1440, height: 900 };
const ADMIN = { login: 'admin@perevod.local', password: 'process-test-password' };
const MANAGER_PASSWORD = 'e2e-Monitor-manager-1';
const PROXY_ERROR =
  'upstream connect error or disconnect/reset before headers. reset reason: connection termination; ' +
  'the gateway gave up after 3 attempts on api.cdek.ru:443 (retry budget exhausted, last status 502)';

let stub: CdekStub;
let server: ServerProcess;
let browser: Browser;
const dataDir = mkdtempSync(join(tmpdir(), 'perevod-monitor-e2e-'));
let adminToken = '';
let manager = { login: '', password: MANAGER_PASSWORD };
const orders: { id: number; number: string }[] = [];

async function api<T>(path: string, options: { method?: string; body?: unknown } = {}) {
  const { status, data } = await callApi<T>(server.origin, path, { token: adminToken, ...options });
  if (status >= 300)
    throw new Error(`${options.method ?? 'POST'} ${path}: ${status} ${JSON.stringify(data)}`);
  return data;
}

/**
 * Starts a periodic job now. Its own schedule may have queued it a moment before (sync-pickup-points
 * runs at 04:15 Moscow time, and CI runs at any hour): the server then answers 409, and the run
 * already waiting or running is the one the test waits for.
 */
async function runPeriodic(name: string): Promise<void> {
  const path = `/api/admin/cron/run/${name}`;
  const { status, data } = await callApi(server.origin, path, { token: adminToken });
  if (status >= 300 && status !== 409) throw new Error(`POST ${path}: ${status} ${JSON.stringify(data)}`);
}

/** A courier order moved by the admin to READY: its parcel task starts failing against the stub. */
async function readyCourierOrder(index: number) {
  const body = {
    ...(await demoOrderBody(server.origin, uniqueEmail(`monitor-${index}`))),
    deliveryType: 'COURIER',
    personalDataConsent: true,
    deliveryId: 3,
    address: `Москва, ул. Профсоюзная, ${50 + index}, кв. ${index + 1}`,
    phoneNumber: `+7 916 555-10-${String(index).padStart(2, '0')}`,
  };
  const { status, data } = await callApi<{ order: { id: number; number: string } }>(
    server.origin,
    '/api/order',
    {
      body,
    },
  );
  if (status !== 201) throw new Error(`order: ${status} ${JSON.stringify(data)}`);
  for (const next of ['AWAITING_PAYMENT', 'PAID', 'IN_TRANSLATION', 'READY'])
    await api('/api/order/status', { method: 'PATCH', body: { id: data.order.id, status: next } });
  return data.order;
}

beforeAll(async () => {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: scripts/e2e.mjs should have skipped the suite');
  stub = await startCdekStub();
  stub.failNext(100_000, 502, PROXY_ERROR);
  server = startServerProcess(await freePort(), dataDir, {
    STATIC_DIR: laneServer().staticDir,
    CDEK_CLIENT_ID: stub.clientId,
    CDEK_CLIENT_SECRET: stub.clientSecret,
    CDEK_API_URL: stub.apiUrl,
    CDEK_TIMEOUT: '2',
  });
  await waitForHealth(server);
  const login = await callApi<{ token: string }>(server.origin, '/api/auth/login', { body: ADMIN });
  adminToken = login.data.token;

  // A MANAGER: signs in by code once (its account), then gets the role and a password.
  const email = uniqueEmail('monitor-manager');
  await callApi(server.origin, '/api/auth/email/request-code', { body: { email } });
  const { code } = signInCodeOf(await waitForEmail(dataDir, { to: email, template: 'sign-in-code' }, 30_000));
  const verified = await callApi<{ user: { id: number } }>(server.origin, '/api/auth/email/verify', {
    body: { email, verificationCode: code },
  });
  await api('/api/user/role', { body: { id: verified.data.user.id, role: 'MANAGER' } });
  await api('/api/user/set-credentials', {
    body: { id: verified.data.user.id, login: email, password: MANAGER_PASSWORD },
  });
  manager = { login: email, password: MANAGER_PASSWORD };

  for (let i = 0; i < 8; i++) orders.push(await readyCourierOrder(i));
  // Two periodic runs that fail at once (a run is not retried): failed jobs with a long error.
  await runPeriodic('sync-pickup-points');
  await eventually(
    async () => {
      const failed = await api<{ total: number }>('/api/admin/queue/jobs/failed', { method: 'GET' });
      return failed.total > 0 ? true : undefined;
    },
    { timeoutMs: 60_000, what: 'a failed periodic run' },
  );
  await runPeriodic('check-delivery-statuses');
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (server?.child.exitCode === null) server.child.kill('SIGTERM');
  await server?.exit;
  await stub?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function openAs(account: { login: string; password: string }, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.origin, locale: 'ru-RU', viewport });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Логин или email').fill(account.login);
  await page.getByLabel('Пароль').fill(account.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/crm'), { timeout: 30_000 });
  return page;
}

const widths = (page: Page) =>
  page.evaluate(() => ({ document: document.documentElement.scrollWidth, body: document.body.scrollWidth }));

describe('the queue page', () => {
  it("lets an admin find an order's tasks and cancel the active ones after confirming", async () => {
    const order = orders[0] as { id: number; number: string };
    await eventually(
      async () => {
        const tasks = await api<{ data: { name: string; state: string }[] }>(
          `/api/admin/queue/order/${order.id}`,
          {
            method: 'GET',
          },
        );
        return tasks.data.some((t) => t.name === 'create-delivery' && t.state === 'retry') ? true : undefined;
      },
      { timeoutMs: 90_000, what: 'the parcel task to wait for its retry' },
    );
    const page = await openAs(ADMIN);
    await page.goto('/crm/monitoring/queue');
    await page.getByLabel('Номер или id заказа').fill(order.number);
    await page.getByRole('button', { name: 'Найти задачи' }).click();
    const found = page.getByRole('region', { name: `Задачи заказа #${order.number}` });
    await found.getByText('Посылка СДЭК').first().waitFor();
    expect(await found.getByText(/Последняя ошибка: СДЭК ответил ошибкой 502/).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Отменить все активные задачи \(\d+\)$/ }).click();
    const dialog = page.getByRole('dialog', {
      name: `Отменить все активные задачи для заказа #${order.number}?`,
    });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Да, отменить' }).click();
    await page.getByText(new RegExp(`^Отменено задач заказа № ${order.number}: \\d+$`)).waitFor();
    const after = await api<{ data: { state: string }[] }>(`/api/admin/queue/order/${order.id}`, {
      method: 'GET',
    });
    expect(after.data.filter((t) => ['created', 'retry', 'active'].includes(t.state))).toEqual([]);
    expect(after.data.some((t) => t.state === 'cancelled')).toBe(true);
    await page.context().close();
  }, 180_000);
});

describe('a MANAGER', () => {
  it('sees the monitoring page and an order on it, but neither the queue nor the cron tab', async () => {
    const page = await openAs(manager);
    await page.goto('/crm/monitoring');
    await page.getByRole('heading', { level: 1, name: 'Мониторинг заказов' }).waitFor();
    await page.getByText('Всего заказов').waitFor();
    const tabs = page.getByRole('navigation', { name: 'Разделы мониторинга' }).getByRole('link');
    expect(await tabs.allTextContents()).toEqual(['Заказы']);
    await page.getByLabel('Номер или id заказа').fill((orders[1] as { number: string }).number);
    await page.getByRole('button', { name: 'Открыть' }).click();
    await page
      .getByRole('heading', {
        level: 1,
        name: `Мониторинг заказа № ${(orders[1] as { number: string }).number}`,
      })
      .waitFor();
    for (const path of ['/crm/monitoring/queue', '/crm/monitoring/cron']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname !== path, { timeout: 15_000 });
      expect(new URL(page.url()).pathname, path).not.toBe(path);
    }
    const refused = await callApi(server.origin, '/api/admin/queue/info', {
      method: 'GET',
      token: (await callApi<{ token: string }>(server.origin, '/api/auth/login', { body: manager })).data
        .token,
    });
    expect(refused.status).toBe(403);
    await page.context().close();
  }, 120_000);
});

describe('every monitoring screen', () => {
  const shots = process.env.MONITOR_SHOTS;
  if (shots) mkdirSync(shots, { recursive: true });

  it.each([
    ['ADMIN', ['/crm/monitoring', 'order', '/crm/monitoring/queue?status=failed', '/crm/monitoring/cron']],
    ['MANAGER', ['/crm/monitoring', 'order']],
  ] as const)(
    'fits 360 and 1440 px for an %s',
    async (role, paths) => {
      // One sign-in for both sizes: each screen is loaded again at each size anyway.
      const page = await openAs(role === 'ADMIN' ? ADMIN : manager, PHONE);
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        for (const path of paths) {
          const target =
            path === 'order' ? `/crm/monitoring/order/${(orders[2] as { number: string }).number}` : path;
          await page.goto(target);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          // The data, not the loading line: each screen has a region or list once it has it.
          await page.waitForFunction(() => !document.body.textContent?.includes('Загружаем'), null, {
            timeout: 30_000,
          });
          const seen = await widths(page);
          const where = `${role} ${viewport.width}px ${target}`;
          expect(seen.document, where).toBeLessThanOrEqual(viewport.width);
          expect(seen.body, where).toBeLessThanOrEqual(viewport.width);
          expect(await page.title(), where).toMatch(/ — Бюро переводов$/);
          if (shots) {
            const name = `${role.toLowerCase()}-${path === 'order' ? 'order' : path.split('?')[0]?.split('/').pop()}-${viewport.width}`;
            await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
          }
        }
      }
      await page.context().close();
    },
    180_000,
  );
});
