/** Card payment with the embedded demo provider: the link, its test-mode page, and paid exactly once. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRubles } from '../../../src/domain/format';
import { notifications, orderStatusHistory, orders } from '../../db/schema';
import { placeOrder, setStatus } from '../../test-support/cabinet-fixtures';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { ORDER_RECEIVED_NOTICE } from '../orders/create-order';

const PUBLIC_URL = 'https://perevod.example.ru';
let server: TestServer;
let anna: SignedInTestUser;
let boris: SignedInTestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL, PAYMENTS_DEMO: 'true' } });
  anna = await signInAs(server.context, 'USER', { email: 'anna.pay@example.ru' });
  boris = await signInAs(server.context, 'USER', { email: 'boris.pay@example.ru' });
});
afterAll(() => server?.close());

const pay = (orderId: number, who?: SignedInTestUser) =>
  server.app.inject({
    method: 'POST',
    url: `/api/user/orders/${orderId}/payment`,
    // PUBLIC_URL is set: it wins over the address the page was opened by.
    headers: { ...(who ? who.headers : {}), origin: 'http://192.168.1.20:3000' },
  });
/** The cookie the cabinet's «Оплатить» leaves on the customer's device (demo-payer.ts). */
const payerCookie = (answer: { headers: Record<string, unknown> }) =>
  String(answer.headers['set-cookie']).split(';')[0] as string;
/** Asks for the link as the customer does, and keeps the device's cookie. */
async function startPayment(orderId: number, who: SignedInTestUser) {
  const answer = await pay(orderId, who);
  expect(answer.statusCode).toBe(200);
  const path = new URL(answer.json().paymentUrl).pathname;
  return { path, cookie: payerCookie(answer) };
}
const openPage = (path: string, cookie?: string) =>
  server.app.inject({ url: path, headers: cookie ? { cookie } : {} });
/** «Оплатить» as the browser sends it from the page: same origin, the device's cookie, the amount shown. */
const pressPay = (
  path: string,
  cookie: string | undefined,
  amount: number,
  site: Record<string, string> = { 'sec-fetch-site': 'same-origin' },
) =>
  server.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...site,
      ...(cookie ? { cookie } : {}),
    },
    payload: `amount=${Math.round(amount * 100)}`,
  });

describe('the demo payment', () => {
  it('gives one payment link per order, to a page that says it is a test and shows number and amount', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const first = await pay(order.id, anna);
    expect(first.statusCode).toBe(200);
    const { paymentUrl, order: shown } = first.json();
    expect(paymentUrl).toMatch(new RegExp(`^${PUBLIC_URL}/pay/demo/demo_[\\w-]{24}$`));
    expect(shown).toMatchObject({ id: order.id, status: 'AWAITING_PAYMENT', paymentUrl });
    expect((await pay(order.id, anna)).json().paymentUrl).toBe(paymentUrl);
    expect(first.headers['set-cookie']).toMatch(
      /^perevod_demo_payer=\d+\.[\w-]{43}; Path=\/pay\/demo; Max-Age=86400; HttpOnly; SameSite=Strict; Secure$/,
    );

    const page = await openPage(new URL(paymentUrl).pathname, payerCookie(first));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('Тестовый режим оплаты');
    expect(page.body).toContain(`№ ${order.number}`);
    expect(page.body).toContain(formatRubles(order.amount));
    expect(page.body).toContain(`<form method="post" action="${new URL(paymentUrl).pathname}">`);
    expect(page.body).toContain(
      `<input type="hidden" name="amount" value="${Math.round(order.amount * 100)}">`,
    );
    expect(page.body).toMatch(/<button type="submit">Оплатить/);
    expect(page.body).not.toMatch(/<script|style=|<style/);
    const css = await server.app.inject({ url: '/pay/demo/page.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('shows the SBP way too, and pays the order from it', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const card = await pay(order.id, anna);
    expect((await openPage(new URL(card.json().paymentUrl).pathname, payerCookie(card))).body).toContain(
      '<h1>Оплата картой</h1>',
    );
    const sbp = await server.app.inject({
      method: 'POST',
      url: `/api/user/orders/${order.id}/payment`,
      headers: { ...anna.headers, origin: 'http://192.168.1.20:3000' },
      payload: { method: 'sbp' },
    });
    expect(sbp.statusCode).toBe(200);
    expect(sbp.json().paymentUrl).not.toBe(card.json().paymentUrl);
    const path = new URL(sbp.json().paymentUrl).pathname;
    const page = await openPage(path, payerCookie(sbp));
    expect(page.body).toContain('<h1>Оплата через СБП</h1>');
    expect(page.body).toContain('приложение вашего банка');
    const paid = await pressPay(path, payerCookie(sbp), order.amount);
    expect(paid.statusCode).toBeLessThan(400);
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.paidAt).not.toBeNull();
  });

  it('marks the order paid once when «Оплатить» is pressed twice: one history entry, one notice', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const { path, cookie } = await startPayment(order.id, anna);
    const presses = await Promise.all([1, 2, 3].map(() => pressPay(path, cookie, order.amount)));
    for (const press of presses) {
      expect(press.statusCode).toBe(303);
      expect(press.headers.location).toBe(`/cabinet/orders/${order.id}`);
    }
    const paidEntries = await server.context.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));
    expect(paidEntries.filter((entry) => entry.status === 'PAID')).toHaveLength(1);
    const notices = await server.context.db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, order.id));
    expect(
      notices
        .filter((notice) => notice.body !== ORDER_RECEIVED_NOTICE)
        .map((notice) => [notice.userId, notice.body]),
    ).toEqual([[anna.userId, 'Оплата получена, заказ передан в работу']]);

    const card = (
      await server.app.inject({ url: `/api/user/orders/${order.id}`, headers: anna.headers })
    ).json();
    expect(card.order).toMatchObject({ status: 'PAID', statusLabel: 'Оплачен', nextStep: null });
    expect(card.order.paidAt).toEqual(expect.any(String));
    expect(card.order.actions.canPay).toBe(false);
    expect(card.history.at(-1)).toMatchObject({
      fromStatus: 'AWAITING_PAYMENT',
      status: 'PAID',
      byCustomer: false,
    });
    const again = await openPage(path, cookie);
    expect(again.body).toContain('Заказ оплачен');
    expect((await pay(order.id, anna)).json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Заказ уже оплачен',
    });
  });

  it('takes no test payment for an order cancelled after its link was made', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const { path, cookie } = await startPayment(order.id, anna);
    await setStatus(server, order.id, 'CANCELLED');
    const press = await pressPay(path, cookie, order.amount);
    expect(press.statusCode).toBe(303);
    expect(press.headers.location).toBe(path);
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'CANCELLED', paidAt: null });
    const page = await openPage(path, cookie);
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('Оплата недоступна');
  });

  it('refuses a link where payment is not possible, another customer’s order, and anonymous callers', async () => {
    const fresh = await placeOrder(server, { headers: anna.headers });
    const refused = await pay(fresh.id, anna);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Заказ ещё проверяет менеджер: оплатить его можно после подтверждения стоимости',
    );
    const company = await placeOrder(server, {
      headers: anna.headers,
      changes: { payerType: 'LEGAL', organizationInn: '7707083893', organizationName: 'ООО «Ромашка»' },
      status: 'AWAITING_PAYMENT',
    });
    expect((await pay(company.id, anna)).json().message).toMatch(/по счёту/);
    const annas = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    expect((await pay(annas.id, boris)).statusCode).toBe(404);
    expect((await pay(annas.id)).statusCode).toBe(401);
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, annas.id));
    expect(row?.paymentId).toBeNull();
    const unknown = await server.app.inject({ url: '/pay/demo/demo_nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Платёж не найден');
    expect((await pressPay('/pay/demo/demo_nothing-here', undefined, 1)).statusCode).toBe(404);
  });
});

describe('a press on the demo page', () => {
  const paid = async (orderId: number) =>
    (await server.context.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.paidAt !== null;

  it('from another site, or posted by a script of another origin, pays nothing', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const { path, cookie } = await startPayment(order.id, anna);
    const crossSite = await pressPay(path, cookie, order.amount, { 'sec-fetch-site': 'cross-site' });
    const foreignOrigin = await pressPay(path, cookie, order.amount, { origin: 'https://evil.example' });
    const noOrigin = await pressPay(path, cookie, order.amount, {});
    expect([crossSite.statusCode, foreignOrigin.statusCode, noOrigin.statusCode]).toEqual([403, 403, 403]);
    expect(crossSite.body).toContain('Оплата отклонена');
    expect(await paid(order.id)).toBe(false);
    // The page's own form, as a browser without Sec-Fetch-Site sends it.
    const own = await pressPay(path, cookie, order.amount, { origin: 'http://localhost:80' });
    expect(own.statusCode).toBe(303);
  });

  it('pays only for the customer who asked for the link on this device, not whoever holds it', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const { path } = await startPayment(order.id, anna);
    const borisCookie = payerCookie(
      await pay((await placeOrder(server, { headers: boris.headers, status: 'AWAITING_PAYMENT' })).id, boris),
    );
    const forged = `perevod_demo_payer=${anna.userId}.${'A'.repeat(43)}`;
    for (const cookie of [undefined, borisCookie, forged]) {
      const page = await openPage(path, cookie);
      expect(page.statusCode).toBe(403);
      expect(page.body).toContain('Откройте оплату из личного кабинета');
      expect(page.body).not.toContain('<form');
      expect((await pressPay(path, cookie, order.amount)).statusCode).toBe(403);
    }
    expect(await paid(order.id)).toBe(false);
  });

  it('pays the amount of the moment: a page opened before the amount was raised does not pay the new one', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const { path, cookie } = await startPayment(order.id, anna);
    const raised = order.amount + 500;
    await server.context.db.update(orders).set({ amount: raised }).where(eq(orders.id, order.id));
    const stale = await pressPay(path, cookie, order.amount);
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain('Сумма заказа изменилась');
    expect(stale.body).toContain(formatRubles(raised));
    expect(await paid(order.id)).toBe(false);
    expect((await pressPay(path, cookie, raised)).statusCode).toBe(303);
    expect(await paid(order.id)).toBe(true);
  });
});
