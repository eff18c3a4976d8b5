/**
 * The demo provider's payment page, /pay/demo/{payment id}: plain server-rendered HTML that says
 * «Тестовый режим оплаты», shows the order's number and amount, and marks the order paid when
 * «Оплатить» is pressed (a form POST, then back to the order in the cabinet). No script at all,
 * and its styles are a file of its own, so it lives under the app's Content-Security-Policy.
 * It exists only while the demo provider is the one configured.
 * A press pays only when it is a form of this site (same origin), from the customer who asked for
 * the link on this device (demo-payer.ts), for the amount the order has at that moment (the form
 * carries the amount it showed; a raise since then shows the new amount to confirm).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatRubles } from '../../../src/domain/format';
import { ORDER_STATUS_LABELS, PAYABLE } from '../../../src/domain/order-status';
import { toKopecks } from '../../../src/domain/pricing';
import type { AppContext } from '../../app-context';
import { demoPayerOf } from '../../services/payments/demo-payer';
import {
  type DemoOrder,
  demoPaymentMethod,
  demoPaymentOrder,
  demoPaymentPath,
} from '../../services/payments/demo-provider';
import { markOrderPaid } from '../../services/payments/mark-paid';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const CSS = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1b1f24;background:#f4f5f7}
main{box-sizing:border-box;max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
.mode{margin:0 0 1rem;padding:.5rem .75rem;border-radius:8px;background:#fff4d6;color:#5c4400;font-weight:600}
h1{font-size:1.375rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1.5rem}
dt{color:#57606a}dd{margin:0;font-weight:600}button{width:100%;padding:.75rem;border:0;border-radius:8px;font:inherit;font-weight:600;color:#fff;background:#1f6feb;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #0b3d91;outline-offset:2px}a{color:#0b57d0}p{margin:0 0 1rem}
@media (max-width:30rem){main{margin:0;border-radius:0;min-height:100vh}}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} — Бюро переводов</title>
<link rel="stylesheet" href="/pay/demo/page.css"></head>
<body><main><p class="mode" role="note">Тестовый режим оплаты: деньги не списываются</p>${body}</main></body></html>`;
}

function send(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

const notYoursPage = (back: string) =>
  page(
    'Оплата из личного кабинета',
    `<h1>Откройте оплату из личного кабинета</h1><p>Оплатить заказ может только его владелец: войдите в личный кабинет на этом устройстве и нажмите «Оплатить» в карточке заказа.</p><p><a href="${back}">Перейти к заказу</a></p>`,
  );

const notFoundPage = () =>
  page(
    'Платёж не найден',
    '<h1>Платёж не найден</h1><p>Ссылка устарела или неверна. Откройте заказ в личном кабинете и нажмите «Оплатить» ещё раз.</p>',
  );

const CROSS_SITE =
  '<h1>Оплата отклонена</h1><p>Оплатить можно только на этой странице сайта бюро. Откройте заказ в личном кабинете и нажмите «Оплатить» ещё раз.</p>';

/**
 * A form of this very site: the browser says so (Sec-Fetch-Site), or its Origin is the address
 * the request was made to. A form on another site, or a script posting from one, is neither.
 */
function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = request.headers.origin;
  return origin !== undefined && origin === `${request.protocol}://${request.host}`;
}

/**
 * The page with «Оплатить <amount>»: the form carries the amount it shows, in kopecks. After a
 * press for an amount the order no longer has, it says so and shows the new one.
 */
function payPage(order: DemoOrder, paymentId: string, amountChanged = false): string {
  const facts = `<dl><dt>Заказ</dt><dd>№ ${escapeHtml(order.number)}</dd><dt>Сумма</dt><dd>${escapeHtml(formatRubles(order.amount))}</dd></dl>`;
  const sbp = demoPaymentMethod(paymentId) === 'sbp';
  const heading = amountChanged
    ? '<h1>Сумма заказа изменилась</h1><p role="alert">Пока страница была открыта, менеджер изменил сумму заказа. Проверьте новую сумму и нажмите «Оплатить» ещё раз.</p>'
    : `<h1>${sbp ? 'Оплата через СБП' : 'Оплата картой'}</h1>`;
  // What the bank's page would do: SBP shows a QR code on a computer and opens the bank's app on a phone.
  const how = sbp
    ? '<p>Система быстрых платежей: на телефоне откроется приложение вашего банка, на компьютере — QR-код для камеры телефона.</p>'
    : '<p>Банковская карта: номер, срок действия и код с обратной стороны.</p>';
  const action = escapeHtml(demoPaymentPath(paymentId));
  return page(
    `Оплата заказа № ${order.number}`,
    `${heading}${how}${facts}<form method="post" action="${action}"><input type="hidden" name="amount" value="${toKopecks(order.amount)}"><button type="submit">Оплатить ${escapeHtml(formatRubles(order.amount))}</button></form><p></p><p><a href="/cabinet/orders/${order.id}">Вернуться к заказу без оплаты</a></p>`,
  );
}

export function registerDemoPaymentPage(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.payments.yookassa) return;

  const isOwner = (request: FastifyRequest, order: DemoOrder) => {
    const payer = demoPayerOf(ctx, request.headers.cookie);
    return payer !== null && payer === order.userId;
  };

  const findOrder = (paymentId: string) => demoPaymentOrder(ctx.db, paymentId);

  app.register(async (scope) => {
    // The form posts application/x-www-form-urlencoded: the amount it showed, nothing more.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get('/pay/demo/page.css', async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(CSS),
    );

    scope.get<{ Params: { paymentId: string } }>('/pay/demo/:paymentId', async (request, reply) => {
      const order = await findOrder(request.params.paymentId);
      if (!order) return send(reply, 404, notFoundPage());
      const back = `/cabinet/orders/${order.id}`;
      const facts = `<dl><dt>Заказ</dt><dd>№ ${escapeHtml(order.number)}</dd><dt>Сумма</dt><dd>${escapeHtml(formatRubles(order.amount))}</dd></dl>`;
      if (order.paidAt)
        return send(
          reply,
          200,
          page(
            'Заказ оплачен',
            `<h1>Заказ оплачен</h1>${facts}<p><a href="${back}">Вернуться к заказу</a></p>`,
          ),
        );
      if (!PAYABLE.includes(order.status))
        return send(
          reply,
          409,
          page(
            'Оплата недоступна',
            `<h1>Оплата недоступна</h1>${facts}<p>Заказ в статусе «${escapeHtml(ORDER_STATUS_LABELS[order.status])}».</p><p><a href="${back}">Вернуться к заказу</a></p>`,
          ),
        );
      if (!isOwner(request, order)) return send(reply, 403, notYoursPage(back));
      return send(reply, 200, payPage(order, request.params.paymentId));
    });

    scope.post<{ Params: { paymentId: string }; Body: { amount?: string } }>(
      '/pay/demo/:paymentId',
      async (request, reply) => {
        if (!isSameOrigin(request)) return send(reply, 403, page('Оплата отклонена', CROSS_SITE));
        const order = await findOrder(request.params.paymentId);
        if (!order) return send(reply, 404, notFoundPage());
        const back = `/cabinet/orders/${order.id}`;
        if (!isOwner(request, order)) return send(reply, 403, notYoursPage(back));
        // A test payment is not taken for an order no longer awaiting it (cancelled meanwhile):
        // the page shows why instead. A second press on a paid order just goes back to it.
        if (!order.paidAt && PAYABLE.includes(order.status)) {
          if (request.body?.amount !== String(toKopecks(order.amount)))
            return send(reply, 409, payPage(order, request.params.paymentId, true));
          await markOrderPaid(
            ctx.db,
            order.id,
            request.params.paymentId,
            demoPaymentMethod(request.params.paymentId),
          );
        } else if (!order.paidAt) return reply.redirect(demoPaymentPath(request.params.paymentId), 303);
        // 303: the browser comes back with a GET, so a reload never posts again.
        return reply.header('cache-control', 'no-store').redirect(back, 303);
      },
    );
  });
}
