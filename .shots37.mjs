// Screenshots for issue 37 promo (kept out of the repo: deleted after use).
import { chromium } from 'playwright-core';
import { startAppServer, E2E_ADMIN_PASSWORD } from './scripts/app-server.mjs';

const server = await startAppServer({ staticDir: 'dist' });
const origin = server.url;
const call = async (path, body, token, method = 'POST') => {
  const r = await fetch(origin + path, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, data: await r.json().catch(() => null) };
};
const login = await call('/api/auth/login', { login: 'admin@perevod.local', password: E2E_ADMIN_PASSWORD });
const token = login.data.token;
console.log('codes', (await call('/api/form-settings/promocode', { code: 'FIRST500', kind: 'AMOUNT', amount: 500, minOrderSum: 3000, description: '500 ₽ на первый заказ от 3 000 ₽ — для новых клиентов бюро, один раз на человека' }, token)).status,
  (await call('/api/form-settings/promocode', { code: 'BIG100000', kind: 'AMOUNT', amount: 100000 }, token)).status);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
try {
  for (const [w, h] of [[360, 740], [1440, 900]]) {
    const context = await browser.newContext({ viewport: { width: w, height: h }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(origin + '/');
    await page.evaluate((t) => { localStorage.setItem('crm_token', t.token); localStorage.setItem('crm_authStatus', 'AUTHORIZED'); localStorage.setItem('crm_role', 'ADMIN'); localStorage.setItem('crmUserProfile', JSON.stringify(t.user)); }, login.data);
    await page.goto(origin + '/crm/form-settings');
    await page.getByRole('heading', { name: 'Промокоды' }).waitFor({ timeout: 30000 });
    await page.locator('[data-promo="FIRST500"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots37/admin-list-${w}.png` });
    await page.getByRole('button', { name: 'Изменить промокод FIRST500' }).click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots37/admin-edit-${w}.png` });
    await page.getByLabel('Скидка, ₽').fill('');
    await page.getByRole('dialog').getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots37/admin-error-${w}.png` });
    await context.close();

    // Customer: step 1 two passports (2 400 ₽), step 3 code FIRST500 refused; then 3 copies applied.
    const c = await browser.newContext({ viewport: { width: w, height: h }, serviceWorkers: 'block' });
    const p = await c.newPage();
    await p.goto(origin + '/order/step-1');
    await p.waitForTimeout(3000);
    await p.screenshot({ path: `/tmp/shots37/step1-${w}.png` });
    await c.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
