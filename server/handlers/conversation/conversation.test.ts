/**
 * One conversation per order: the customer and the office write (text and files, checked as
 * uploads), each side sees what the other has not read yet and marks it read, the office's list,
 * card and monitor count the customer's unread messages. Others' orders are 404 to a customer and
 * a partner; the office's operations are the office's (403). The office's notes stay the office's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, notifications, orderMessages, users } from '../../db/schema';
import { placeOrder } from '../../test-support/cabinet-fixtures';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let server: TestServer;
let anna: SignedInTestUser;
let boris: SignedInTestUser;
let manager: SignedInTestUser;
let admin: SignedInTestUser;
let partner: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer();
  anna = await signInAs(server.context, 'USER', { email: 'anna.talk@example.ru' });
  boris = await signInAs(server.context, 'USER', { email: 'boris.talk@example.ru' });
  manager = await signInAs(server.context, 'MANAGER', { email: 'talk.manager@perevod.local' });
  admin = await signInAs(server.context, 'ADMIN', { email: 'talk.admin@perevod.local' });
  partner = await signInAs(server.context, 'PARTNER', { partnerId: 1 });
});
afterAll(() => server?.close());

let address = 0;
function messageForm(text: string | undefined, attached: { name: string; content: Buffer }[] = []) {
  const boundary = '----perevod-message-test';
  const chunks = [
    ...(text === undefined
      ? []
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${text}\r\n`)]),
    ...attached.flatMap((file) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    ]),
  ];
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const customerPath = (orderId: number) => `/api/user/orders/${orderId}/messages`;
const officePath = (orderId: number) => `/api/order/${orderId}/messages`;

function write(
  url: string,
  who: SignedInTestUser,
  text: string | undefined,
  attached: { name: string; content: Buffer }[] = [],
  key?: string,
) {
  const form = messageForm(text, attached);
  return server.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    remoteAddress: `198.51.100.${++address % 250}`,
  });
}

const read = (url: string, who: SignedInTestUser) => server.app.inject({ url, headers: who.headers });
const markRead = (url: string, who: SignedInTestUser, upToId: number) =>
  server.app.inject({ method: 'POST', url: `${url}/read`, headers: who.headers, payload: { upToId } });

async function noticesOf(email: string) {
  const [user] = await server.context.db.select().from(users).where(eq(users.email, email));
  return server.context.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, user?.id as number));
}

describe("an order's conversation", () => {
  it("a customer's question is unread for the office — list, card, monitor — until someone reads it", async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'IN_TRANSLATION' });
    const sent = await write(customerPath(order.id), anna, 'Можно ли забрать перевод завтра до 12:00?', [
      { name: 'Доверенность.pdf', content: PDF },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const { message, thread } = sent.json();
    expect(message).toMatchObject({
      side: 'CUSTOMER',
      text: 'Можно ли забрать перевод завтра до 12:00?',
      readAt: null,
      authorEmail: null,
      files: [expect.objectContaining({ name: 'Доверенность.pdf', type: 'application/pdf' })],
    });
    expect(thread.messages).toHaveLength(1);

    const office = (await read(officePath(order.id), manager)).json();
    expect(office.unread).toBe(1);
    expect(office.messages[0].authorEmail).toBe('anna.talk@example.ru');
    const row = async () =>
      (await read(`/api/order?search=${order.number}`, manager))
        .json()
        .items.find((item: { id: number }) => item.id === order.id);
    expect((await row()).unreadMessages).toBe(1);
    const dashboard = async () =>
      (await read('/api/admin/order-monitoring/dashboard', manager)).json().data.totals;
    const before = await dashboard();
    expect(before.unreadMessages).toBeGreaterThanOrEqual(1);
    expect(before.ordersAwaitingReply).toBeGreaterThanOrEqual(1);
    // The managers hear of it; the office downloads the file.
    expect((await noticesOf('talk.manager@perevod.local')).map((n) => n.title)).toContain(
      `Клиент написал по заказу № ${order.number}`,
    );
    expect((await read(message.files[0].url, manager)).statusCode).toBe(200);

    // Reading the thread marks nothing; the read call does.
    expect((await read(officePath(order.id), admin)).json().unread).toBe(1);
    const marked = await markRead(officePath(order.id), admin, message.id);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().unread).toBe(0);
    expect((await row()).unreadMessages).toBe(0);
    const after = await dashboard();
    expect(after.unreadMessages).toBe(before.unreadMessages - 1);
    // The customer sees that the bureau read it.
    const theirs = (await read(customerPath(order.id), anna)).json();
    expect(theirs.messages[0].readAt).not.toBeNull();
  });

  it("counts each order's own unread messages in the office's list, whatever the ids of orders and messages", async () => {
    const [first, second, third] = [
      await placeOrder(server, { headers: anna.headers }),
      await placeOrder(server, { headers: anna.headers }),
      await placeOrder(server, { headers: anna.headers }),
    ];
    for (const [order, count] of [
      [third, 4],
      [second, 2],
      [first, 1],
    ] as const) {
      for (let i = 0; i < count; i++)
        expect((await write(customerPath(order.id), anna, `Вопрос ${i + 1}`)).statusCode).toBe(201);
    }
    const rows = (await read('/api/order?limit=100', manager)).json().items as {
      id: number;
      unreadMessages: number;
    }[];
    const unread = (id: number) => rows.find((row) => row.id === id)?.unreadMessages;
    expect([unread(first.id), unread(second.id), unread(third.id)]).toEqual([1, 2, 4]);
    const found = (await read(`/api/order?search=${second.number}`, manager)).json().items;
    expect(found.map((row: { unreadMessages: number }) => row.unreadMessages)).toEqual([2]);
  });

  it("the office's answer reaches the customer: unread on the order and the list, a notice, read when read", async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'READY' });
    const answer = await write(officePath(order.id), manager, 'Да, заберите в пункте выдачи с 10:00.');
    expect(answer.statusCode, answer.body).toBe(201);
    const { message } = answer.json();
    expect(message).toMatchObject({ side: 'BUREAU', authorEmail: 'talk.manager@perevod.local' });

    const thread = (await read(customerPath(order.id), anna)).json();
    expect(thread.unread).toBe(1);
    // The customer reads «Бюро переводов», never a staff member's address.
    expect(thread.messages[0].authorEmail).toBeNull();
    expect(JSON.stringify(thread)).not.toContain('talk.manager@perevod.local');
    const detail = (await read(`/api/user/orders/${order.id}`, anna)).json();
    expect(detail.order.unreadMessages).toBe(1);
    const list = (await read('/api/user/orders?limit=100', anna)).json();
    expect(list.items.find((item: { id: number }) => item.id === order.id).unreadMessages).toBe(1);
    const notice = (await noticesOf('anna.talk@example.ru')).find(
      (n) => n.title === `Сообщение от бюро по заказу № ${order.number}`,
    );
    expect(notice).toMatchObject({
      type: 'MESSAGE',
      body: 'Да, заберите в пункте выдачи с 10:00.',
      url: `/cabinet/orders/${order.id}#order-messages`,
    });

    expect((await markRead(customerPath(order.id), anna, message.id)).json().unread).toBe(0);
    expect((await read(`/api/user/orders/${order.id}`, anna)).json().order.unreadMessages).toBe(0);
    const [row] = await server.context.db
      .select()
      .from(orderMessages)
      .where(eq(orderMessages.id, message.id));
    expect(row?.readAt).not.toBeNull();
  });

  it('refuses an empty message, a text over 4,000 characters and a sixth file, in Russian, keeping nothing', async () => {
    const order = await placeOrder(server, { headers: anna.headers });
    const filesBefore = await server.context.db.$count(files);
    const empty = await write(customerPath(order.id), anna, '   ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Напишите сообщение или приложите файл');
    const long = await write(customerPath(order.id), anna, 'я'.repeat(4001));
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toBe(
      'Сообщение длиннее 4000 символов (сейчас 4001): сократите его или разделите на два',
    );
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `скан-${i + 1}.pdf`, content: PDF }));
    const many = await write(officePath(order.id), manager, 'Файлы', six);
    expect(many.statusCode).toBe(422);
    expect(many.json().message).toBe('К одному сообщению можно приложить не больше 5 файлов');
    const fake = await write(customerPath(order.id), anna, 'Вот', [
      { name: 'virus.pdf', content: Buffer.from('MZ') },
    ]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('Файл virus.pdf имеет недопустимый формат');
    expect(await server.context.db.$count(files)).toBe(filesBefore);
    expect((await read(customerPath(order.id), anna)).json().messages).toEqual([]);
    // Exactly 4,000 characters, or files without text, are fine.
    expect((await write(customerPath(order.id), anna, 'я'.repeat(4000))).statusCode).toBe(201);
    expect((await write(customerPath(order.id), anna, undefined, six.slice(0, 5))).statusCode).toBe(201);
  });

  it("is another customer's and a partner's 404, and the office's operations are a customer's and a partner's 403", async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'IN_DELIVERY' });
    await write(officePath(order.id), manager, 'Заказ передан в пункт выдачи');
    for (const who of [boris, partner]) {
      expect((await read(customerPath(order.id), who)).statusCode).toBe(404);
      expect((await write(customerPath(order.id), who, 'Привет')).statusCode).toBe(404);
      expect((await markRead(customerPath(order.id), who, 1_000_000)).statusCode).toBe(404);
    }
    for (const who of [anna, partner]) {
      expect((await read(officePath(order.id), who)).statusCode).toBe(403);
      expect((await write(officePath(order.id), who, 'Привет')).statusCode).toBe(403);
      expect((await markRead(officePath(order.id), who, 1)).statusCode).toBe(403);
    }
    expect((await read(officePath(999_999), manager)).statusCode).toBe(404);
    // Nothing was read on the customer's behalf by those refusals.
    expect((await read(customerPath(order.id), anna)).json().unread).toBe(1);
  });

  it('sent twice with one key (the outbox after a lost answer) is written once', async () => {
    const order = await placeOrder(server, { headers: anna.headers });
    const key = 'message-8e2f1a3b-4c5d';
    const first = await write(customerPath(order.id), anna, 'Когда будет готово?', [], key);
    const again = await write(customerPath(order.id), anna, 'Когда будет готово?', [], key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().message.id).toBe(first.json().message.id);
    expect(again.json().thread.messages).toHaveLength(1);
    const other = await write(customerPath(order.id), anna, 'Другой текст', [], key);
    expect(other.statusCode).toBe(422);
    // The same key from the office is the office's own: a key is scoped to who sends it.
    expect((await write(officePath(order.id), manager, 'Завтра', [], key)).statusCode).toBe(201);
  });
});

describe("the office's notes", () => {
  const notes = (orderId: number) => `/api/order/${orderId}/notes`;
  const add = (orderId: number, who: SignedInTestUser, text: string) =>
    server.app.inject({ method: 'POST', url: notes(orderId), headers: who.headers, payload: { text } });

  it('are kept with who wrote them and when, oldest first', async () => {
    const order = await placeOrder(server, { headers: anna.headers });
    expect((await add(order.id, manager, 'Клиент просил звонить после 18:00')).statusCode).toBe(201);
    const answer = await add(order.id, admin, '  Скидка согласована с директором  ');
    expect(answer.statusCode).toBe(201);
    expect(answer.json().notes).toEqual([
      expect.objectContaining({
        text: 'Клиент просил звонить после 18:00',
        authorEmail: 'talk.manager@perevod.local',
      }),
      expect.objectContaining({
        text: 'Скидка согласована с директором',
        authorEmail: 'talk.admin@perevod.local',
      }),
    ]);
    expect((await read(notes(order.id), manager)).json().notes).toHaveLength(2);
  });

  it('refuse an empty or too long text (422) and a missing order (404)', async () => {
    const order = await placeOrder(server, { headers: anna.headers });
    const empty = await add(order.id, manager, '  ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Напишите текст заметки');
    const long = await add(order.id, manager, 'я'.repeat(4001));
    expect(long.statusCode).toBe(400);
    expect((await add(999_999, manager, 'Заметка')).statusCode).toBe(404);
    expect((await read(notes(999_999), manager)).statusCode).toBe(404);
  });

  it("are the office's only: a customer and a partner are refused, and no answer of theirs holds one", async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'IN_DELIVERY' });
    await add(order.id, manager, 'Внутреннее: клиент конфликтный');
    for (const who of [anna, partner]) {
      expect((await read(notes(order.id), who)).statusCode).toBe(403);
      expect((await add(order.id, who, 'Привет')).statusCode).toBe(403);
    }
    for (const url of [
      `/api/user/orders/${order.id}`,
      customerPath(order.id),
      '/api/user/orders?limit=100',
    ]) {
      expect((await read(url, anna)).body).not.toContain('клиент конфликтный');
    }
    expect((await read(`/api/order/partner/${order.id}`, partner)).body).not.toContain('клиент конфликтный');
  });
});
