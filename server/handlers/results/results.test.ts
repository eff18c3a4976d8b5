/**
 * The finished translation: a manager attaches its files with a note; the customer sees them on
 * the order and downloads them, and is told once by a notification (and a mail: results-mail.test.ts
 * follows it through the queue); a partner learns only that results exist. Files are checked by
 * their content; a cancelled order takes none; a result goes away only before the hand-over.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, notifications, orderResults, users } from '../../db/schema';
import { placeOrder, setStatus } from '../../test-support/cabinet-fixtures';
import { minimalDocx } from '../../test-support/docx';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

let server: TestServer;
let anna: SignedInTestUser;
let boris: SignedInTestUser;
let manager: SignedInTestUser;
let partner: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer();
  anna = await signInAs(server.context, 'USER', { email: 'anna.results@example.ru' });
  boris = await signInAs(server.context, 'USER', { email: 'boris.results@example.ru' });
  manager = await signInAs(server.context, 'MANAGER', { email: 'results.manager@perevod.local' });
  partner = await signInAs(server.context, 'PARTNER', { partnerId: 1 });
});
afterAll(() => server?.close());

/** A multipart form of files in field `files` and text fields, as the card sends it. */
function form(parts: { name: string; content: Buffer }[], fields: Record<string, string> = {}) {
  const boundary = '----perevod-results-test';
  const chunks = [
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    ...parts.flatMap((part) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${part.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      part.content,
      Buffer.from('\r\n'),
    ]),
  ];
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const attach = (
  orderId: number,
  who: SignedInTestUser,
  parts: { name: string; content: Buffer }[] = [{ name: 'Перевод паспорта.pdf', content: PDF }],
  fields: Record<string, string> = {},
  key?: string,
) => {
  const body = form(parts, fields);
  return server.app.inject({
    method: 'POST',
    url: `/api/order/${orderId}/results`,
    payload: body.payload,
    headers: { ...body.headers, ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
  });
};

const remove = (orderId: number, resultId: number, who: SignedInTestUser = manager) =>
  server.app.inject({
    method: 'DELETE',
    url: `/api/order/${orderId}/results?resultId=${resultId}`,
    headers: who.headers,
  });

const customerOrder = async (orderId: number, who: SignedInTestUser = anna) =>
  (await server.app.inject({ url: `/api/user/orders/${orderId}`, headers: who.headers })).json().order;

describe('the finished translation', () => {
  it('attached by a manager with a note reaches the customer’s order, downloads, and is told once', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'READY' });
    const answer = await attach(
      order.id,
      manager,
      [
        { name: 'Перевод паспорта.pdf', content: PDF },
        { name: 'Перевод диплома.docx', content: minimalDocx() },
      ],
      { note: 'Оригинал с печатью нотариуса — в пункте выдачи' },
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const { results } = answer.json();
    expect(results).toEqual([
      expect.objectContaining({
        name: 'Перевод паспорта.pdf',
        type: 'application/pdf',
        note: 'Оригинал с печатью нотариуса — в пункте выдачи',
        addedByEmail: 'results.manager@perevod.local',
      }),
      expect.objectContaining({
        name: 'Перевод диплома.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
    ]);

    // The customer's order lists them, without who of the staff attached them.
    const mine = await customerOrder(order.id);
    expect(mine.results.map((result: { name: string }) => result.name)).toEqual([
      'Перевод паспорта.pdf',
      'Перевод диплома.docx',
    ]);
    expect(mine.results.every((result: { addedByEmail: unknown }) => result.addedByEmail === null)).toBe(
      true,
    );
    const download = await server.app.inject({ url: mine.results[0].url, headers: anna.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);

    // The card lists them with who attached them, and the history names the files.
    const card = (
      await server.app.inject({ url: `/api/order/${order.id}`, headers: manager.headers })
    ).json();
    expect(card.results).toHaveLength(2);
    expect(card.changes).toContainEqual(
      expect.objectContaining({
        field: 'RESULTS_ADDED',
        newValue: 'Перевод паспорта.pdf, Перевод диплома.docx',
        actorEmail: 'results.manager@perevod.local',
      }),
    );

    // One notification (its push goes with it) for the upload, not one a file.
    const [annaRow] = await server.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'anna.results@example.ru'));
    const told = await server.context.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, annaRow?.id as number));
    expect(told.filter((n) => n.title === `Готовый перевод по заказу № ${order.number}`)).toHaveLength(1);
  });

  it('makes the tracking page say the translation is ready, and no longer once it is removed', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'IN_TRANSLATION' });
    const tracked = async () => {
      const answer = await server.app.inject({
        method: 'GET',
        url: `/api/track?${new URLSearchParams({ number: order.number, contact: order.email })}`,
        remoteAddress: '203.0.113.41',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().resultsReady;
    };
    expect(await tracked()).toBe(false);
    const added = await attach(order.id, manager);
    expect(added.statusCode, added.body).toBe(201);
    expect(await tracked()).toBe(true);
    const removed = await remove(order.id, added.json().results[0].id);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await tracked()).toBe(false);
  });

  it('is only counted for a partner, whose download of it is 404', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'IN_DELIVERY' });
    const { results } = (await attach(order.id, manager)).json();
    const card = await server.app.inject({ url: `/api/order/partner/${order.id}`, headers: partner.headers });
    expect(card.statusCode).toBe(200);
    expect(card.json().order.resultsCount).toBe(1);
    expect(card.body).not.toContain('Перевод паспорта');
    const list = (
      await server.app.inject({ url: '/api/order/partner?limit=100', headers: partner.headers })
    ).json();
    expect(list.items.find((row: { id: number }) => row.id === order.id)?.resultsCount).toBe(1);
    expect((await server.app.inject({ url: results[0].url, headers: partner.headers })).statusCode).toBe(404);
    expect((await server.app.inject({ url: results[0].url, headers: boris.headers })).statusCode).toBe(404);
  });

  it("is counted per order on a partner's list, whatever the ids of orders and results", async () => {
    const orders = [
      await placeOrder(server, { headers: anna.headers, status: 'IN_DELIVERY' }),
      await placeOrder(server, { headers: anna.headers, status: 'IN_DELIVERY' }),
    ];
    const three = [1, 2, 3].map((n) => ({ name: `Часть ${n}.pdf`, content: PDF }));
    expect((await attach(orders[1]?.id as number, manager, three)).statusCode).toBe(201);
    expect((await attach(orders[0]?.id as number, manager)).statusCode).toBe(201);
    const list = (
      await server.app.inject({ url: '/api/order/partner?limit=100', headers: partner.headers })
    ).json();
    const count = (id: number | undefined) =>
      list.items.find((row: { id: number }) => row.id === id)?.resultsCount;
    expect([count(orders[0]?.id), count(orders[1]?.id)]).toEqual([1, 3]);
  });

  it('is checked by content: a GIF or a renamed text is refused in Russian and nothing is kept', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'IN_TRANSLATION' });
    const before = await server.context.db.$count(files);
    const gif = await attach(order.id, manager, [{ name: 'скан.gif', content: GIF }]);
    expect(gif.statusCode).toBe(415);
    expect(gif.json().message).toBe('Файл скан.gif имеет недопустимый формат: нужен PDF, DOCX, JPG или PNG');
    const renamed = await attach(order.id, manager, [
      { name: 'a.pdf', content: PDF },
      { name: 'перевод.pdf', content: Buffer.from('просто текст') },
    ]);
    expect(renamed.statusCode).toBe(415);
    const empty = await attach(order.id, manager, []);
    expect(empty.statusCode).toBe(400);
    const long = await attach(order.id, manager, undefined, { note: 'я'.repeat(1001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toBe('Комментарий длиннее 1000 символов (сейчас 1001): сократите его');
    expect(await server.context.db.$count(files)).toBe(before);
    expect((await customerOrder(order.id)).results).toEqual([]);
  });

  it('is refused for a cancelled order (409) and a missing one (404)', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'CANCELLED' });
    const refused = await attach(order.id, manager);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Заказ отменён: готовый перевод к нему не прикрепить');
    expect((await attach(999_999, manager)).statusCode).toBe(404);
  });

  it('may be attached by the office only: a customer and a partner are refused (403)', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'READY' });
    for (const who of [anna, partner]) expect((await attach(order.id, who)).statusCode).toBe(403);
    const [someResult] = (await attach(order.id, manager)).json().results;
    for (const who of [anna, partner])
      expect((await remove(order.id, someResult.id, who)).statusCode).toBe(403);
  });

  it('sent twice with one key (a retry after a lost answer) is attached and told once', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'READY' });
    const key = 'results-5b1c2d3e-4f5a';
    const first = await attach(order.id, manager, undefined, { note: 'Готово' }, key);
    const again = await attach(order.id, manager, undefined, { note: 'Готово' }, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().results).toHaveLength(1);
    expect(await server.context.db.$count(orderResults, eq(orderResults.orderId, order.id))).toBe(1);
    const other = await attach(order.id, manager, undefined, { note: 'Другой комментарий' }, key);
    expect(other.statusCode).toBe(422);
  });

  it('is removed before the hand-over, history kept; after it (COMPLETED) the removal is refused', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'READY' });
    const [first, second] = (
      await attach(order.id, manager, [
        { name: 'Черновик.pdf', content: PDF },
        { name: 'Перевод.pdf', content: PDF },
      ])
    ).json().results;
    const removed = await remove(order.id, first.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().results.map((result: { name: string }) => result.name)).toEqual(['Перевод.pdf']);
    expect((await server.app.inject({ url: first.url, headers: anna.headers })).statusCode).toBe(404);
    const card = (
      await server.app.inject({ url: `/api/order/${order.id}`, headers: manager.headers })
    ).json();
    expect(card.changes).toContainEqual(
      expect.objectContaining({ field: 'RESULT_REMOVED', oldValue: 'Черновик.pdf' }),
    );
    // Another order's result is not this order's.
    const other = await placeOrder(server, { headers: anna.headers, status: 'READY' });
    expect((await remove(other.id, second.id)).statusCode).toBe(404);

    await setStatus(server, order.id, 'COMPLETED');
    const late = await remove(order.id, second.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Заказ уже выдан клиенту (статус «Выполнен»): файлы готового перевода больше не удаляются',
    );
    expect((await customerOrder(order.id)).results).toHaveLength(1);
  });
});
