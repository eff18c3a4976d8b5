/**
 * «Удалить аккаунт» and an ADMIN's erasure on a written request: nothing of the person — name,
 * phone, email, address, comment, signer, scan, her messages and their files, the finished
 * translation, her Telegram chats — is left in any column of any table (the job queue's included)
 * or in the storage; the bureau's messages and the office's notes keep their words without hers;
 * her orders' tracking links stop working and queued Telegram messages and mail are dropped; the
 * orders' numbers, amounts, history and refund stay for accounting with «удалено»; sessions end;
 * the email may start again as a new, empty cabinet. Another customer's data is untouched.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import {
  consents,
  files,
  orderMessages,
  orderNotes,
  orderStatusHistory,
  orders,
  personalDataErasures,
  refunds,
  telegramStartTokens,
  telegramSubscriptions,
  trackingLinks,
  users,
} from '../../db/schema';
import { eventually } from '../../test-support/eventually';
import { createOrder } from '../../test-support/fixtures';
import { listOutbox, signInCodeOf, waitForEmail } from '../../test-support/outbox';
import { personWithData, type TestPerson } from '../../test-support/person-fixtures';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: SignedInTestUser;
let manager: SignedInTestUser;
let evlampia: TestPerson;
let aristarkh: TestPerson;

const EVLAMPIA = {
  firstName: 'Евлампия',
  lastName: 'Черноморская',
  email: 'evlampia.chernomorskaya@example.ru',
  phone: '+7 903 555-12-34',
  address: 'Москва, ул. Гиляровского, 7, кв. 12',
  comment: 'Перевести отчество как Evlampievna',
  signer: 'Черноморский Пётр Ильич',
  scanName: 'паспорт-черноморской',
  telegramChat: '7700112233',
  question: 'Можно ли забрать оригинал в субботу до полудня?',
};
const ARISTARKH = {
  firstName: 'Аристарх',
  lastName: 'Подбельский',
  email: 'aristarkh.podbelsky@example.ru',
  phone: '+7 926 777-88-99',
  address: 'Москва, Малая Грузинская, 31, кв. 4',
  comment: 'Нужен апостиль на диплом',
  signer: 'Подбельская Анна Сергеевна',
  scanName: 'диплом-подбельского',
  telegramChat: '8800445566',
  question: 'Апостиль ставите сами или через Минюст?',
};

beforeAll(async () => {
  // With the job queue: its tables keep every mail's address, and must be scrubbed too.
  server = await startTestServer({ jobs: true, env: { PAYMENTS_DEMO: 'true' } });
  admin = await signInAs(server.context, 'ADMIN');
  manager = await signInAs(server.context, 'MANAGER');
  evlampia = await personWithData(server, EVLAMPIA, manager);
  aristarkh = await personWithData(server, ARISTARKH, manager);
  // The mail the orders sent (the addresses sit in the queue's finished tasks).
  await waitForEmail(
    server.context.config.dataDir,
    { to: EVLAMPIA.email, template: 'order-received' },
    60_000,
  );
});
afterAll(() => server?.close());

/**
 * The person's values as they may be stored: typed, lower-cased, the phone as digits; her Telegram
 * chat; the words of her message, which the office's notifications quote.
 */
function needles({ values }: TestPerson): string[] {
  const digits = values.phone.replace(/\D/g, '');
  return [
    values.telegramChat,
    values.question,
    values.email,
    values.firstName,
    values.lastName,
    values.phone,
    digits,
    digits.slice(1),
    values.address,
    values.comment,
    values.signer,
    values.scanName,
  ];
}

/** Every text, JSON and array column of every table of the product and the job queue, searched for each value. */
async function whereFound(values: readonly string[]): Promise<string[]> {
  const columns = await rowsOf<{ schema: string; table: string; column: string }>(
    server.context.db,
    sql`select c.table_schema as schema, c.table_name as table, c.column_name as column
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema in ('public', 'pgboss') and t.table_type = 'BASE TABLE'
          and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
  );
  expect(columns.length).toBeGreaterThan(60);
  const found: string[] = [];
  for (const { schema, table, column } of columns) {
    const target = sql.raw(`"${schema}"."${table}"`);
    const field = sql.raw(`"${column}"::text`);
    for (const value of values) {
      const [row] = await rowsOf<{ n: number }>(
        server.context.db,
        sql`select count(*)::int as n from ${target} where position(lower(${value}) in lower(${field})) > 0`,
      );
      if ((row?.n ?? 0) > 0) found.push(`${schema}.${table}.${column} ∋ ${value}`);
    }
  }
  return found;
}

/** Tasks of the person's orders still waiting in the queue, by the task's name. */
async function waitingTasks(orderIds: number[]): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    server.context.db,
    sql`select data->>'name' as name from pgboss.job
        where state in ('created', 'retry') and data->>'orderId' in (${sql.join(
          orderIds.map((id) => sql`${String(id)}`),
          sql`, `,
        )})`,
  );
  return [...new Set(rows.map((row) => row.name))].sort();
}

const track = (token: string) => server.app.inject({ url: `/api/track/${token}` });

const storageKeysOf = async (orderIds: number[]) =>
  (
    await server.context.db
      .select({ key: files.storagePath })
      .from(files)
      .where(inArray(files.orderId, orderIds))
  ).map((row) => row.key);

const erase = (
  who: SignedInTestUser,
  payload: object = { confirm: true },
  userAgent = 'Mozilla/5.0 (Erase test)',
) =>
  server.app.inject({
    method: 'POST',
    url: '/api/user/me/erase',
    headers: { ...who.headers, 'user-agent': userAgent },
    payload,
    remoteAddress: '198.51.100.77',
  });

describe('a customer deletes their account', () => {
  it('is refused while an order is in progress, naming each and whether they may cancel it', async () => {
    const busy = await signInAs(server.context, 'USER');
    const unpaid = await createOrder(server.context, { userId: busy.userId });
    const working = await createOrder(server.context, { userId: busy.userId });
    await server.context.db.update(orders).set({ status: 'IN_TRANSLATION' }).where(eq(orders.id, working.id));
    const refused = await erase(busy);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ORDERS_IN_PROGRESS',
      message: expect.stringContaining(
        `№ ${unpaid.number} (Новый), № ${working.number} (В работе у переводчика)`,
      ),
      details: {
        orders: [
          { id: unpaid.id, number: unpaid.number, status: 'NEW', canCancel: true },
          { id: working.id, number: working.number, status: 'IN_TRANSLATION', canCancel: false },
        ],
      },
    });
    const [still] = await server.context.db.select().from(users).where(eq(users.id, busy.userId));
    expect(still?.erasedAt).toBeNull();
    expect(still?.email).not.toBeNull();
    expect((await erase(busy, {})).statusCode).toBe(400);
  });

  it('leaves nothing of her in any table or in the storage, and keeps numbers and amounts', async () => {
    const ids = evlampia.orders.map((order) => order.id);
    const herKeys = await storageKeysOf(ids);
    const hisKeys = await storageKeysOf(aristarkh.orders.map((order) => order.id));
    // Three scans, her message's file and the bureau's, the finished translation.
    expect(herKeys).toHaveLength(6);
    const historyBefore = await server.context.db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(orderStatusHistory.id);
    // Before: she is in the orders, the account, the history, the log, the queue's mail tasks…
    const before = await whereFound(needles(evlampia));
    console.log(`before the erasure, her values are in:\n  ${before.join('\n  ')}`);
    for (const place of [
      'public.orders.name',
      'public.users.email',
      'public.order_status_history.comment',
      'public.order_messages.text',
      'public.order_notes.text',
      'public.notifications.body',
      'public.files.name',
      'public.telegram_subscriptions.chat_id',
      'pgboss.job.data',
    ])
      expect(
        before.some((found) => found.startsWith(place)),
        place,
      ).toBe(true);

    // The status move queued a Telegram message per chat; the bureau's message, its mail.
    expect(await waitingTasks(ids)).toEqual(expect.arrayContaining(['message-mail', 'send-telegram']));
    expect((await track(evlampia.work.trackingToken)).statusCode).toBe(200);

    const started = performance.now();
    const answer = await erase(evlampia.user);
    const ms = performance.now() - started;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      requestedBy: 'CUSTOMER',
      actorEmail: null,
      note: null,
      orders: 3,
      scans: 3,
      filesRemovedAt: expect.any(String),
    });
    console.log(`erasure of a customer with 3 orders and 6 files: ${Math.round(ms)} ms`);

    expect(await whereFound(needles(evlampia))).toEqual([]);
    for (const key of herKeys) expect(await server.context.storage.read(key), key).toBeNull();
    for (const key of hisKeys) expect(await server.context.storage.read(key), key).not.toBeNull();
    // Another customer's data is all there.
    expect((await whereFound(needles(aristarkh))).length).toBeGreaterThan(10);

    const kept = await server.context.db.select().from(orders).where(inArray(orders.id, ids));
    for (const order of evlampia.orders) {
      const row = kept.find((k) => k.id === order.id);
      expect(row, order.number).toMatchObject({
        number: order.number,
        amount: order.amount,
        name: 'удалено',
        email: 'удалено',
        phoneNumber: 'удалено',
      });
    }
    expect(kept.find((k) => k.id === evlampia.orders[0]?.id)).toMatchObject({
      address: 'удалено',
      comment: 'удалено',
      scansDeletedAt: expect.any(Date),
    });
    const historyAfter = await server.context.db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(orderStatusHistory.id);
    expect(historyAfter.map((step) => step.status)).toEqual(historyBefore.map((step) => step.status));
    expect(historyAfter.find((step) => step.status === 'IN_TRANSLATION')?.comment).toBe(
      'Звонили удалено на удалено, просит курьера после 18:00',
    );
    // The conversation keeps its shape: her words go, the bureau's and the office's stay without hers.
    const thread = await server.context.db
      .select()
      .from(orderMessages)
      .where(inArray(orderMessages.orderId, ids))
      .orderBy(orderMessages.id);
    expect(thread.map((message) => [message.side, message.text])).toEqual([
      ['CUSTOMER', 'удалено'],
      ['BUREAU', 'удалено, проверьте написание фамилии удалено в черновике'],
    ]);
    const notes = await server.context.db.select().from(orderNotes).where(inArray(orderNotes.orderId, ids));
    expect(notes.map((note) => note.text)).toEqual([
      'Заметка офиса: удалено просила звонить на удалено после 18:00',
    ]);
    // Nobody follows her orders any more, and nothing queued reaches her.
    const following = await server.context.db
      .select()
      .from(telegramSubscriptions)
      .where(
        sql`${telegramSubscriptions.userId} = ${evlampia.user.userId} or ${inArray(telegramSubscriptions.orderId, ids)}`,
      );
    expect(following).toEqual([]);
    const startTokens = await server.context.db
      .select()
      .from(telegramStartTokens)
      .where(
        sql`${telegramStartTokens.userId} = ${evlampia.user.userId} or ${inArray(telegramStartTokens.orderId, ids)}`,
      );
    expect(startTokens).toEqual([]);
    const links = await server.context.db
      .select()
      .from(trackingLinks)
      .where(inArray(trackingLinks.orderId, ids));
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => link.revokedAt !== null)).toBe(true);
    expect((await track(evlampia.work.trackingToken)).statusCode).toBe(410);
    expect(await waitingTasks(ids)).toEqual([]);
    // His order's chats and link are his.
    const hisIds = aristarkh.orders.map((order) => order.id);
    expect((await track(aristarkh.work.trackingToken)).statusCode).toBe(200);
    expect(await waitingTasks(hisIds)).toEqual(expect.arrayContaining(['message-mail', 'send-telegram']));

    const [refund] = await server.context.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, ids[0] as number));
    expect(refund).toMatchObject({
      amount: 100,
      status: 'SUCCEEDED',
      reason: 'Скидка за задержку, удалено согласна',
    });

    const withdrawn = await server.context.db
      .select()
      .from(consents)
      .where(sql`${consents.userId} = ${evlampia.user.userId} or ${inArray(consents.orderId, ids)}`);
    expect(withdrawn).toHaveLength(3);
    for (const consent of withdrawn)
      expect(consent).toMatchObject({ withdrawnAt: expect.any(Date), ip: null, userAgent: null });
    const [record] = await server.context.db
      .select()
      .from(personalDataErasures)
      .where(eq(personalDataErasures.userId, evlampia.user.userId));
    expect(record).toMatchObject({
      requestedBy: 'CUSTOMER',
      ip: '198.51.100.77',
      userAgent: 'Mozilla/5.0 (Erase test)',
      pendingKeys: [],
    });
  });

  it('ends her sessions, and the email signs in again as a new, empty cabinet', async () => {
    const old = await server.app.inject({ url: '/api/user/orders', headers: evlampia.user.headers });
    expect(old.statusCode).toBe(401);

    const seen = listOutbox(server.context.config.dataDir);
    const asked = await server.app.inject({
      method: 'POST',
      url: '/api/auth/email/request-code',
      payload: { email: EVLAMPIA.email, personalDataConsent: true },
      remoteAddress: '198.51.100.78',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = await waitForEmail(
      server.context.config.dataDir,
      { to: EVLAMPIA.email, template: 'sign-in-code', seen },
      60_000,
    );
    const verified = await server.app.inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      payload: { email: EVLAMPIA.email, verificationCode: signInCodeOf(mail).code },
      remoteAddress: '198.51.100.78',
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const { token, user } = verified.json();
    expect(user.id).not.toBe(evlampia.user.userId);
    const cabinet = await server.app.inject({
      url: '/api/user/orders',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cabinet.json().total).toBe(0);

    // The bureau still has the order, by its number, with «удалено» for her.
    const card = await server.app.inject({
      url: `/api/order/${evlampia.orders[0]?.id}`,
      headers: manager.headers,
    });
    expect(card.json().order).toMatchObject({ number: evlampia.orders[0]?.number, name: 'удалено' });
  });
});

describe('an ADMIN erases a customer on a written request', () => {
  const eraseAs = (who: SignedInTestUser, userId: number, payload: object) =>
    server.app.inject({
      method: 'POST',
      url: `/api/admin/personal-data/${userId}/erase`,
      headers: who.headers,
      payload,
    });

  it('needs the request’s note, keeps it with the ADMIN in the record, and the list shows it', async () => {
    const noNote = await eraseAs(admin, aristarkh.user.userId, { note: '', confirm: true });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toContain('«Заявление»');
    expect((await eraseAs(manager, aristarkh.user.userId, { note: 'x', confirm: true })).statusCode).toBe(
      403,
    );

    const done = await eraseAs(admin, aristarkh.user.userId, {
      note: 'заявление от 12.11.2026',
      confirm: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      requestedBy: 'STAFF',
      note: 'заявление от 12.11.2026',
      orders: 3,
      scans: 3,
    });
    expect(await whereFound(needles(aristarkh))).toEqual([]);

    const list = await server.app.inject({
      url: `/api/user/list?search=${aristarkh.user.userId}`,
      headers: admin.headers,
    });
    const all = await server.app.inject({ url: '/api/user/list?limit=100', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    const shell = (all.json().items as { id: number; email: string | null; erasure: unknown }[]).find(
      (user) => user.id === aristarkh.user.userId,
    );
    expect(shell).toMatchObject({
      email: null,
      firstName: null,
      erasure: { requestedBy: 'STAFF', note: 'заявление от 12.11.2026', actorEmail: expect.any(String) },
    });

    const again = await eraseAs(admin, aristarkh.user.userId, { note: 'повторно', confirm: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_ERASED');
    const role = await server.app.inject({
      method: 'POST',
      url: '/api/user/role',
      headers: admin.headers,
      payload: { id: aristarkh.user.userId, role: 'MANAGER' },
    });
    expect(role.statusCode).toBe(409);
  });

  it('refuses a staff member’s account and an account that does not exist', async () => {
    const staff = await eraseAs(admin, manager.userId, { note: 'заявление', confirm: true });
    expect(staff.statusCode).toBe(409);
    expect(staff.json().code).toBe('STAFF_ACCOUNT');
    expect((await eraseAs(admin, 999_999, { note: 'заявление', confirm: true })).statusCode).toBe(404);
  });

  it('retries the scans’ bytes by a task when the storage fails right after the commit', async () => {
    const [flaky] = await Promise.all([
      personWithData(
        server,
        {
          ...ARISTARKH,
          email: 'flaky.storage@example.ru',
          scanName: 'скан-ненадёжного-хранилища',
          telegramChat: '5550001112',
        },
        manager,
      ),
    ]);
    const keys = await storageKeysOf((flaky as TestPerson).orders.map((order) => order.id));
    const storage = server.context.storage;
    const remove = storage.remove.bind(storage);
    let failures = 3;
    storage.remove = async (key) => {
      if (failures-- > 0) throw new Error('S3 is away');
      return remove(key);
    };
    try {
      const done = await eraseAs(admin, (flaky as TestPerson).user.userId, {
        note: 'заявление',
        confirm: true,
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().filesRemovedAt).toBeNull();
      const record = await eventually(
        async () => {
          const [row] = await server.context.db
            .select()
            .from(personalDataErasures)
            .where(eq(personalDataErasures.userId, (flaky as TestPerson).user.userId));
          return row?.filesRemovedAt ? row : undefined;
        },
        { what: 'the erased scans removed by the retried task', timeoutMs: 120_000 },
      );
      expect(record.pendingKeys).toEqual([]);
      for (const key of keys) expect(await storage.read(key), key).toBeNull();
    } finally {
      storage.remove = remove;
    }
  });
});
