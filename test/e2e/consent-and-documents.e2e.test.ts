/**
 * Issue 34 in Chromium, on a 360×740 phone and a 1440×900 screen: step 3 asks for the
 * personal-data consent with its own checkbox (sending without it shows the error summary's
 * entry linking to the checkbox and the message beside it, gone once ticked; the order then goes
 * through), step 4 says sending accepts the offer; /consent, /privacy and /offer show the versions
 * in force with the operator's details, painted from the server's HTML and taken over by the app,
 * a new version an ADMIN publishes on «Документы для клиентов» shows there at once, and a document
 * never opened reads offline from the worker's copy. With SHOTS=<folder> it saves screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAdmin, uniqueEmail } from './auth-fixtures';
import { signInStaffBrowser } from './cabinet-steps';
import { openSite, type Site, waitForServiceWorkerControl } from './harness';
import { fillStepOne, nextStep, sendOrder } from './order-steps';
import { PHONE, phoneProblems } from './phone-fit';
import { shot } from './screenshots';

const DESKTOP = { width: 1440, height: 900 } as const;
const SIZES = [PHONE, DESKTOP] as const;
const CONSENT_REQUIRED = 'Чтобы отправить заказ, дайте согласие на обработку персональных данных';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('the consent on step 3', () => {
  for (const size of SIZES) {
    it(`at ${size.width}×${size.height}: refuses to go on without it, says so twice, clears once ticked, then sends`, async () => {
      const session = await site.openBrowser();
      const { page } = session;
      try {
        await page.setViewportSize(size);
        await fillStepOne(page);
        await nextStep(page, 2);
        const email = uniqueEmail(`consent-${size.width}`);
        await page.getByLabel('Имя и фамилия').fill('Анна Смирнова');
        await page.getByLabel('Телефон').fill('8 916 123 45 67');
        await page.getByLabel('Электронная почта').fill(email);
        const consent = page.getByRole('checkbox', { name: /согласие на обработку персональных данных/ });
        expect(await consent.isChecked()).toBe(false);
        await page.getByRole('button', { name: 'Далее' }).last().click();

        // The summary at the top names it and links to the checkbox; the message sits beside it.
        const summary = page.getByRole('alert').filter({ hasText: 'Есть ошибки' });
        await summary.waitFor();
        const entry = summary.getByRole('link', { name: CONSENT_REQUIRED });
        expect(await entry.getAttribute('href')).toBe('#personalDataConsent');
        const beside = page.locator('#personalDataConsent-error');
        expect(plain(await beside.textContent())).toContain(CONSENT_REQUIRED);
        expect(page.url()).toMatch(/\/order\/step-3/);
        await shot(page, 'step-3-consent-error');
        if (size === PHONE) expect(await phoneProblems(page)).toEqual([]);
        await entry.click();
        await expect.poll(() => consent.evaluate((box) => box === document.activeElement)).toBe(true);

        await consent.check();
        await expect.poll(() => beside.count()).toBe(0);
        await expect.poll(() => summary.getByRole('link', { name: CONSENT_REQUIRED }).count()).toBe(0);
        // The consent's own text is a link away, in a new tab, so the form stays as it is.
        const link = page.getByRole('link', { name: 'согласие на обработку персональных данных' });
        expect(await link.getAttribute('href')).toBe('/consent');
        expect(await link.getAttribute('target')).toBe('_blank');

        await nextStep(page, 3);
        const offer = page.getByRole('link', { name: 'публичной оферты' });
        expect(await offer.getAttribute('href')).toBe('/offer');
        expect(plain(await offer.locator('xpath=..').textContent())).toContain(
          'Нажимая «Отправить заказ», вы принимаете условия публичной оферты',
        );
        await page.getByRole('radio', { name: /Самовывоз из офиса/ }).check();
        await shot(page, 'step-4-offer');
        await sendOrder(page);

        // The server kept the consent with the order (the staff card's record).
        const admin = await signInAdmin(site.origin);
        const { data: found } = await callApi<{ items: { id: number; email: string }[] }>(
          site.origin,
          `/api/order?search=${encodeURIComponent(email)}`,
          { method: 'GET', token: admin.token },
        );
        const placed = found.items.find((item) => item.email === email);
        expect(placed).toBeTruthy();
        const { data } = await callApi<{ consent: { version: number; userAgent: string | null } | null }>(
          site.origin,
          `/api/order/${placed?.id}/consent`,
          { method: 'GET', token: admin.token },
        );
        expect(data.consent).toMatchObject({
          version: expect.any(Number),
          userAgent: expect.stringMatching(/Chrome/),
        });
      } finally {
        await session.close();
      }
    });
  }
});

describe('the customer documents', () => {
  it('show the versions in force with the operator, painted from the HTML, and a version an ADMIN publishes', async () => {
    const admin = await signInAdmin(site.origin);
    const stamp = Date.now();
    const operator = {
      name: `ООО «Бюро переводов „Слово ${stamp}“»`,
      inn: '7707083893',
      address: '115035, г. Москва, ул. Садовническая, д. 5, офис 12',
      contact: 'privacy@slovo.example.ru',
    };
    const saved = await callApi(site.origin, '/api/admin/legal/operator', {
      method: 'PUT',
      token: admin.token,
      body: operator,
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);

    const session = await site.openBrowser();
    const { page } = session;
    try {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        for (const [path, title] of [
          ['/privacy', 'Политика обработки персональных данных'],
          ['/consent', 'Согласие на обработку персональных данных'],
          ['/offer', /Публичная оферта/],
        ] as const) {
          const errors: string[] = [];
          const onError = (error: Error) => errors.push(error.message);
          page.on('pageerror', onError);
          // What the server sent, before any script ran: the document with the operator in it.
          const html = await (await page.request.get(path)).text();
          expect(html).toContain('data-prerendered');
          expect(html).toContain(operator.name.replace(/"/g, '&quot;'));
          await page.goto(path);
          const heading = page.getByRole('heading', { level: 1, name: title });
          await heading.waitFor();
          expect(await page.title()).toMatch(/ — Бюро переводов$/);
          await expect.poll(() => page.getByText(operator.name, { exact: false }).count()).toBeGreaterThan(0);
          expect(await page.getByText(/Редакция № \d+ от/).count()).toBe(1);
          expect(plain(await page.locator('main').textContent())).not.toContain('{{');
          // The app took the page over without replacing it, and found nothing to correct.
          await expect.poll(() => page.locator('#root').getAttribute('inert')).toBeNull();
          expect(errors).toEqual([]);
          page.off('pageerror', onError);
          if (size === PHONE) expect(await phoneProblems(page)).toEqual([]);
          await shot(page, `legal${path.replace('/', '-')}`);
        }
      }

      // An ADMIN publishes a new version of the offer on «Документы для клиентов».
      await signInStaffBrowser(page, admin.token, 'ADMIN', admin.user.email ?? 'admin@perevod.local');
      await page.setViewportSize(DESKTOP);
      await page.goto('/crm/documents');
      await page.getByRole('heading', { level: 1, name: 'Документы для клиентов' }).waitFor();
      expect(await page.title()).toBe('Документы для клиентов — Бюро переводов');
      await shot(page, 'documents-screen');
      const offer = page.getByRole('region', { name: 'Публичная оферта' });
      const before = plain(await offer.textContent());
      const version = Number(/Действует редакция № (\d+)/.exec(before)?.[1]);
      await offer.getByRole('button', { name: 'Новая редакция' }).click();
      const editor = offer.getByRole('form', { name: `Новая редакция № ${version + 1}` });
      const text = editor.getByLabel('Текст');
      await text.fill(
        `${await text.inputValue()}\n\n## Изменения ${stamp}\nСрок перевода паспорта — один рабочий день.`,
      );
      await editor.getByRole('button', { name: `Опубликовать редакцию № ${version + 1}` }).click();
      const dialog = page.getByRole('dialog', { name: `Опубликовать редакцию № ${version + 1}?` });
      await dialog.getByRole('button', { name: 'Опубликовать' }).click();
      await offer.getByText(`Опубликована редакция № ${version + 1}`).waitFor();
      await expect
        .poll(async () => plain(await offer.textContent()))
        .toContain(`Действует редакция № ${version + 1}`);
      await shot(page, 'documents-published');

      // The public page shows it at once: in the HTML the server sends, and on screen.
      const html = await (await page.request.get('/offer')).text();
      expect(html).toContain(`Изменения ${stamp}`);
      await page.goto('/offer');
      await page.getByRole('heading', { level: 2, name: `Изменения ${stamp}` }).waitFor();
      expect(await page.getByText(`Редакция № ${version + 1} от`).count()).toBe(1);
      expect(session.cspViolations).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('opens a document never read before offline, from the copy the worker keeps', async () => {
    const session = await site.openBrowser();
    const { page } = session;
    try {
      await page.goto('/cabinet-login');
      await waitForServiceWorkerControl(page);
      // The worker fetched the documents' pages when it installed.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const names = await caches.keys();
            const kept = await Promise.all(
              names
                .filter((name) => name.startsWith('prerendered-pages-'))
                .map(async (name) =>
                  (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname),
                ),
            );
            return kept.flat().sort();
          }),
        )
        .toEqual(['/consent', '/offer', '/order/step-1', '/privacy']);
      await site.goOffline(session);
      const response = await page.goto('/privacy');
      expect(response?.fromServiceWorker()).toBe(true);
      await page.getByRole('heading', { level: 1, name: 'Политика обработки персональных данных' }).waitFor();
      await page.getByRole('heading', { level: 2, name: /Общие положения/ }).waitFor();
      await site.goOnline(session);
    } finally {
      await session.close();
    }
  });
});
