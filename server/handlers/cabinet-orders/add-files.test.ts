/**
 * POST /api/user/orders/{id}/files: a customer sends the files they skipped on step 2 to their own
 * order until the bureau starts the work; the office staff see who added which and when, the
 * history says so, the managers hear of it. Checked as uploads are; another's order is 404.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, notifications, orderFiles, users } from '../../db/schema';
import { placeOrder, setStatus } from '../../test-support/cabinet-fixtures';
import { multipartForm } from '../../test-support/multipart-form';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let server: TestServer;
let anna: SignedInTestUser;
let boris: SignedInTestUser;
let manager: SignedInTestUser;
beforeAll(async () => {
  // One megabyte an hour per address: the limit test below goes past it, the others stay far below.
  server = await startTestServer({ env: { UPLOAD_MB_PER_HOUR_PER_ADDRESS: '1' } });
  anna = await signInAs(server.context, 'USER', { email: 'anna.files@example.ru' });
  boris = await signInAs(server.context, 'USER', { email: 'boris.files@example.ru' });
  manager = await signInAs(server.context, 'MANAGER', { email: 'files.manager@perevod.local' });
});
afterAll(() => server?.close());

let address = 0;
const send = (
  orderId: number,
  who: SignedInTestUser,
  parts: { name: string; content: Buffer }[] = [{ name: 'Паспорт, стр. 2.pdf', content: PDF }],
  extra: { key?: string; ip?: string } = {},
) => {
  const form = multipartForm(parts.map((part) => ({ ...part, type: 'application/pdf' })));
  return server.app.inject({
    method: 'POST',
    url: `/api/user/orders/${orderId}/files`,
    payload: form.payload,
    headers: { ...form.headers, ...who.headers, ...(extra.key ? { 'idempotency-key': extra.key } : {}) },
    remoteAddress: extra.ip ?? `198.51.100.${++address}`,
  });
};

const filesOf = async (orderId: number) =>
  server.context.db.select().from(orderFiles).where(eq(orderFiles.orderId, orderId));

describe("a customer's files added to a placed order", () => {
  it('reach the order; staff see who added them and when, the history and a notice say so', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'PAID' });
    const added = await send(order.id, anna);
    expect(added.statusCode, added.body).toBe(201);
    const [file] = added.json().order.files;
    expect(file).toMatchObject({
      name: 'Паспорт, стр. 2.pdf',
      type: 'application/pdf',
      addedByEmail: 'anna.files@example.ru',
    });
    expect(Date.parse(file.addedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(added.json().order.actions.canAddFiles).toBe(true);

    const card = (
      await server.app.inject({ url: `/api/order/${order.id}`, headers: manager.headers })
    ).json();
    expect(card.order.files).toEqual([
      expect.objectContaining({ id: file.id, addedByEmail: 'anna.files@example.ru' }),
    ]);
    expect(card.changes).toEqual([
      expect.objectContaining({
        field: 'FILES_ADDED',
        newValue: 'Паспорт, стр. 2.pdf',
        actorEmail: 'anna.files@example.ru',
        actorRole: 'USER',
      }),
    ]);
    const [managerRow] = await server.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'files.manager@perevod.local'));
    const notices = await server.context.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, managerRow?.id as number));
    expect(notices.map((notice) => notice.title)).toContain(
      `Клиент добавил файлы к заказу № ${order.number}`,
    );
    for (const who of [anna, manager]) {
      expect((await server.app.inject({ url: file.url, headers: who.headers })).statusCode).toBe(200);
    }
  });

  it("are refused on another customer's order and a partner's with 404", async () => {
    const order = await placeOrder(server, { headers: anna.headers });
    const partner = await signInAs(server.context, 'PARTNER', { partnerId: 1 });
    for (const who of [boris, partner, manager]) {
      const answer = await send(order.id, who);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ code: 'NOT_FOUND', message: 'Заказ не найден' });
    }
    expect(await filesOf(order.id)).toEqual([]);
  });

  it('are refused with 409 in Russian once the work started, leaving nothing stored', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'IN_TRANSLATION' });
    const before = await server.context.db.$count(files);
    const answer = await send(order.id, anna);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(
      'Бюро уже начало работу над заказом (статус «В работе у переводчика»): добавить файлы нельзя. Напишите менеджеру, если нужно что-то изменить.',
    );
    expect(await server.context.db.$count(files)).toBe(before);
    const detail = (
      await server.app.inject({ url: `/api/user/orders/${order.id}`, headers: anna.headers })
    ).json();
    expect(detail.order.actions.canAddFiles).toBe(false);
  });

  it("are checked as uploads are: the type by content, and the address's megabytes an hour", async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const fake = await send(order.id, anna, [{ name: 'scan.pdf', content: Buffer.from('not a pdf at all') }]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('Файл scan.pdf имеет недопустимый формат');
    const big = Buffer.concat([PDF, Buffer.alloc(700 * 1024, 32)]);
    expect(
      (await send(order.id, anna, [{ name: 'a.pdf', content: big }], { ip: '203.0.113.50' })).statusCode,
    ).toBe(201);
    const over = await send(order.id, anna, [{ name: 'b.pdf', content: big }], { ip: '203.0.113.50' });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await filesOf(order.id)).length).toBe(1);
  });

  it('sent again with the same key (the outbox after a lost answer) are added once', async () => {
    const order = await placeOrder(server, { headers: anna.headers });
    const key = 'files-0e9b1c2d-3f4a-4b5c';
    const first = await send(order.id, anna, undefined, { key });
    const again = await send(order.id, anna, undefined, { key });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().order.files).toHaveLength(1);
    expect(await filesOf(order.id)).toHaveLength(1);
    // Even after the work started, the repeat is answered, not refused.
    await setStatus(server, order.id, 'IN_TRANSLATION');
    expect((await send(order.id, anna, undefined, { key })).statusCode).toBe(201);
  });
});
