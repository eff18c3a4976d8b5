/**
 * Promised dates in Chromium against the real server. A customer on a 360 × 740 phone orders an
 * urgent translation: its higher price and its earlier promised day (the production calendar's,
 * src/domain/due-date.ts, the same rule the server stores) are on step 1, the step-4 review, the
 * success page and the cabinet. In the office (1440 × 900) an order due today is marked «сегодня»,
 * and the next day — the manager's browser a day ahead, as the server refuses a promised day
 * before the order was placed — «просрочен»; it is in the manager's «Мои заказы».
 * With SHOTS=<folder> it saves each screen at 360 × 740 and 1440 × 900 (step 1 with urgency, the
 * review, the cabinet order, the office list, the card with assignee, date and quote, the
 * calendar settings).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.gen';
import { formatDay } from '../../src/domain/day-text';
import { dueDate } from '../../src/domain/due-date';
import { moscowDate } from '../../src/domain/moscow-time';
import { callApi, createStaff, signInAdmin, signInByCode, uniqueEmail } from './auth-fixtures';
import { demoOrderBody, signInBrowser, signInStaffBrowser } from './cabinet-steps';
import { openSite, type Site } from './harness';
import { nextStep, sendOrder, tickConsent } from './order-steps';
import { PHONE, phoneProblems } from './phone-fit';

type FormParams = components['schemas']['FormParams'];

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

const DESKTOP = { width: 1440, height: 900 } as const;
const folder = process.env.SHOTS;
if (folder) mkdirSync(folder, { recursive: true });

/** The screen's picture when asked for, and at phone width the phone checks (phone-fit.ts). */
async function look(page: Page, shot: string) {
  await page.waitForLoadState('networkidle');
  if (folder) await page.screenshot({ path: join(folder, `${shot}.png`), fullPage: true });
  const width = page.viewportSize()?.width ?? 0;
  if (width <= PHONE.width) expect.soft(await phoneProblems(page), shot).toEqual([]);
  else {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect.soft(overflow, `${shot} is wider than the screen`).toBeLessThanOrEqual(0);
  }
}

/** The same screen at 1440 × 900 (its picture and width), then back to the phone. */
async function lookWide(page: Page, shot: string) {
  await page.setViewportSize(DESKTOP);
  await look(page, shot);
  await page.setViewportSize(PHONE);
}

/** The day the form and the server promise for one document of `days` working days, as shown. */
async function promisedDays(translationDays: number) {
  const { data } = await callApi<FormParams>(site.origin, '/api/order/form-params', { method: 'GET' });
  const at = (urgent: boolean) =>
    dueDate({ translationDays, notaryDays: 0, placedAt: new Date(), urgent, schedule: data.schedule });
  return { regular: at(false), urgent: at(true), params: data };
}

describe('promised dates', () => {
  it('an urgent order shows its higher price and earlier date from step 1 to the cabinet, on a phone', async () => {
    const email = uniqueEmail('urgent');
    const { token } = await signInByCode(site.origin, email);
    // «Трудовая книжка»: 3 working days in the demo catalogue, 2 when urgent; 2 000 ₽, +50 %.
    const { regular, urgent } = await promisedDays(3);
    expect(urgent < regular).toBe(true);
    const shownUrgent = formatDay(urgent, { weekday: true });
    const shownRegular = formatDay(regular, { weekday: true });

    const session = await site.openBrowser();
    try {
      const { page } = session;
      await page.setViewportSize(PHONE);
      await signInBrowser(page, token, email);
      // The sign-in page may still be leaving for the cabinet: a navigation it cuts short
      // (net::ERR_ABORTED) is tried again.
      await page
        .goto(`/order/step-1?t=${Date.now()}`)
        .catch(() => page.goto(`/order/step-1?t=${Date.now()}`));
      await page.waitForURL(/\/order\/step-1\?t=/);
      await page.getByRole('checkbox', { name: /Трудовая книжка/ }).check();
      await page.getByLabel('Язык оригинала').selectOption('ru');
      await page.getByLabel('Язык перевода').selectOption('en');
      const summary = page.getByRole('complementary', { name: 'Стоимость заказа' });
      await expect.poll(() => summary.textContent()).toMatch(/Итого:\s*2\s000/);
      // Before choosing: both days, so the customer sees what urgency buys.
      const hint = page.locator('#urgent-hint');
      await expect.poll(() => hint.textContent()).toContain(`Обычный срок — ${shownRegular}`);
      expect(await hint.textContent()).toContain(`срочно — ${shownUrgent}`);
      await expect.poll(() => summary.textContent()).toContain(shownRegular);

      await page.getByRole('checkbox', { name: /Срочный перевод/ }).check();
      await expect.poll(() => summary.textContent()).toMatch(/Итого:\s*3\s000/);
      expect(await summary.textContent()).toMatch(/Срочное выполнение \+50 %\s*1\s000/);
      await expect.poll(() => summary.textContent()).toContain(shownUrgent);
      await look(page, 'step-1-urgent-360');
      await lookWide(page, 'step-1-urgent-1440');

      await nextStep(page, 1);
      await nextStep(page, 2);
      await page.getByLabel('Имя и фамилия').fill('Анна Смирнова');
      await page.getByLabel('Телефон').fill('8 916 123 45 67');
      await page.getByLabel('Электронная почта').fill(email);
      await tickConsent(page);
      await nextStep(page, 3);
      await page.getByRole('radio', { name: /Самовывоз из офиса/ }).check();
      const review = page.getByRole('region', { name: 'Проверьте заказ' });
      await expect.poll(() => review.textContent()).toContain(`${shownUrgent} — срочный заказ`);
      await expect.poll(() => summary.textContent()).toMatch(/Итого:\s*3\s000/);
      await look(page, 'step-4-urgent-360');
      await lookWide(page, 'step-4-urgent-1440');

      await sendOrder(page);
      await page.getByRole('heading', { name: 'Заказ оформлен' }).waitFor();
      const main = page.locator('main');
      await expect
        .poll(() => main.textContent())
        .toContain(`Срок готовности: ${shownUrgent} — срочный заказ`);
      expect(await main.textContent()).toMatch(/3\s000/);
      await look(page, 'success-urgent-360');

      await page.getByRole('link', { name: 'Открыть заказ в личном кабинете' }).click();
      await page.waitForURL(/\/cabinet\/orders\/\d+/);
      await page.getByRole('heading', { level: 1, name: /^Заказ № / }).waitFor();
      await expect
        .poll(() => main.textContent())
        .toContain(`Срок готовности: ${shownUrgent} · срочный заказ`);
      const cabinet = (await main.textContent()) ?? '';
      expect(cabinet).toMatch(/Срочное выполнение \+50 %\s*1\s000/);
      expect(cabinet).toMatch(/3\s000/);
      await look(page, 'cabinet-order-urgent-360');
      await lookWide(page, 'cabinet-order-urgent-1440');

      // The server stored what the form promised.
      const { data } = await callApi<components['schemas']['CustomerOrderPage']>(
        site.origin,
        '/api/user/orders',
        { method: 'GET', token },
      );
      expect(data.items[0]).toMatchObject({ urgent: true, dueDate: urgent, amount: 3000 });
      await page.goto('/cabinet/orders');
      await page
        .getByText(`срочно, готов к ${formatDay(urgent)}`)
        .first()
        .waitFor();
      await look(page, 'cabinet-orders-urgent-360');
    } finally {
      await session.close();
    }
  }, 240_000);

  it('the office list marks an order due today, then late, and the card moves its date', async () => {
    const admin = await signInAdmin(site.origin);
    const managerLogin = uniqueEmail('due-manager');
    const password = `Pw-${randomBytes(6).toString('hex')}`;
    const manager = await createStaff(site.origin, managerLogin, password, 'MANAGER');
    const customerEmail = uniqueEmail('due-customer');
    const customer = await signInByCode(site.origin, customerEmail);
    // A passport and a document priced by estimate («Другой документ», 0 ₽): the card quotes it.
    const body = await demoOrderBody(site.origin, customerEmail);
    const placed = await callApi<{ order: { id: number; number: string; dueDate: string } }>(
      site.origin,
      '/api/order',
      {
        token: customer.token,
        body: {
          ...body,
          name: 'Констанция Александровна Воскресенская-Преображенская',
          orderDocuments: [...body.orderDocuments, { documentId: 11, quantity: 1 }],
        },
      },
    );
    expect(placed.status).toBe(201);
    const order = placed.data.order;
    const today = moscowDate(new Date());
    expect(order.dueDate > today).toBe(true);

    // The bureau promises it for today (the earliest day allowed), and gives it to the manager.
    const moved = await callApi(site.origin, '/api/order/due-date', {
      method: 'PATCH',
      token: admin.token,
      body: { id: order.id, dueDate: today, reason: 'Клиенту нужно к вечеру' },
    });
    expect(moved.status).toBe(200);
    const assigned = await callApi(site.origin, '/api/order/assignee', {
      method: 'PATCH',
      token: admin.token,
      body: { id: order.id, assigneeId: manager.id },
    });
    expect(assigned.status).toBe(200);

    const session = await site.openBrowser();
    try {
      const { page, context } = session;
      await page.setViewportSize(DESKTOP);
      await page.goto('/login');
      await page.getByLabel('Логин или email').fill(managerLogin);
      await page.getByLabel('Пароль').fill(password);
      await page.getByRole('button', { name: 'Войти', exact: true }).click();
      await page.waitForURL('**/crm/home');
      const row = page.getByRole('row').filter({ hasText: `№ ${order.number}` });

      // Today: «сегодня», and the server's filter of orders due today finds it.
      await page.goto('/crm/home?due=TODAY');
      await row.getByText('сегодня', { exact: true }).waitFor();
      expect(await row.textContent()).not.toContain('просрочен');

      // Tomorrow (the browser's clock a day ahead): late.
      await context.clock.setFixedTime(new Date(Date.now() + 24 * 60 * 60 * 1000));
      await page.goto('/crm/home');
      await page.getByRole('heading', { level: 1, name: 'Заявки' }).waitFor();
      await row.getByText('просрочен', { exact: true }).waitFor();
      expect(await row.textContent()).not.toContain('сегодня');
      expect(await row.textContent()).toContain(formatDay(today));
      await look(page, 'crm-home-overdue-1440');

      // «Мои заказы»: the order assigned to this manager.
      await page.goto('/crm/mine');
      await page.getByRole('heading', { level: 1, name: 'Мои заказы' }).waitFor();
      await row.getByText('просрочен', { exact: true }).waitFor();
      await look(page, 'crm-mine-1440');

      // The card: its date moved with a reason, in the history; the assignee; the quote form.
      await page.goto(`/crm/orders/${order.id}`);
      const dueForm = page.getByRole('form', { name: 'Срок готовности' });
      await dueForm.waitFor();
      await page.getByRole('form', { name: 'Расчёт стоимости' }).waitFor();
      await page.getByRole('form', { name: 'Ответственный' }).waitFor();
      await look(page, 'crm-card-1440');
      const later = moscowDate(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));
      await dueForm.getByLabel('Перенести срок на').fill(later);
      await dueForm.getByLabel('Причина').fill('Ждём оригинал от клиента');
      await dueForm.getByRole('button', { name: 'Изменить срок' }).click();
      // Once the server took it, the card reads the order again: its history keeps the reason.
      await page
        .getByRole('region', { name: 'История заказа' })
        .getByText('Ждём оригинал от клиента')
        .waitFor();
      const stored = async () =>
        (
          await callApi<{ order: { dueDate: string } }>(site.origin, `/api/order/${order.id}`, {
            method: 'GET',
            token: admin.token,
          })
        ).data.order.dueDate;
      await expect.poll(stored).toBe(later);
      await page.goto('/crm/home');
      await row.getByText(formatDay(later)).waitFor();
      expect(await row.textContent()).not.toContain('просрочен');

      // The same screens on a phone.
      await page.setViewportSize(PHONE);
      await page.goto('/crm/home');
      await page
        .getByRole('list', { name: 'Заявки' })
        .getByRole('link', { name: `№ ${order.number}` })
        .waitFor();
      await look(page, 'crm-home-360');
      await page.goto('/crm/mine');
      await page.getByRole('heading', { level: 1, name: 'Мои заказы' }).waitFor();
      await look(page, 'crm-mine-360');
      await page.goto(`/crm/orders/${order.id}`);
      await page.getByRole('form', { name: 'Расчёт стоимости' }).waitFor();
      await look(page, 'crm-card-360');
    } finally {
      await session.close();
    }

    // The calendar settings, as the ADMIN who keeps them, with a day of the bureau's own.
    const calendar = await callApi(site.origin, '/api/form-settings/work-calendar', {
      method: 'PUT',
      token: admin.token,
      body: {
        urgentPercent: 50,
        notarySaturday: false,
        daysOff: [{ date: '2027-02-24', note: 'Санитарный день' }],
        workingDays: [],
      },
    });
    expect(calendar.status).toBe(200);
    const adminSession = await site.openBrowser();
    try {
      const { page } = adminSession;
      await signInStaffBrowser(page, admin.token, 'ADMIN', 'admin@perevod.local');
      for (const [size, name] of [
        [DESKTOP, '1440'],
        [PHONE, '360'],
      ] as const) {
        await page.setViewportSize(size);
        await page.goto('/crm/form-settings');
        const settings = page.getByRole('form', { name: 'Срочность и календарь' });
        await settings.waitFor();
        await settings.getByText('Праздники, которые уже учтены').click();
        await look(page, `crm-calendar-${name}`);
        if (folder) await settings.screenshot({ path: join(folder, `crm-calendar-section-${name}.png`) });
      }
    } finally {
      await adminSession.close();
    }
  }, 300_000);
});
