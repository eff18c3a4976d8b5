/**
 * «Скачать мои данные»: the ZIP holds the customer's profile (with the Telegram chats following
 * her), orders (with history, payment, refund, conversation and finished translation), consents,
 * notifications, scans and the files of the conversation and the translation, and nothing of
 * another customer nor of the office's notes; an ADMIN gets the same archive on a written request;
 * the heavy export is limited per account.
 */
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../test-support/fixtures';
import { personWithData, type TestPerson } from '../../test-support/person-fixtures';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

const MANAGER_EMAIL = 'export.manager@perevod.local';

let server: TestServer;
let admin: SignedInTestUser;
let evlampia: TestPerson;
let aristarkh: TestPerson;

beforeAll(async () => {
  server = await startTestServer({ env: { PAYMENTS_DEMO: 'true' } });
  admin = await signInAs(server.context, 'ADMIN');
  const manager = await signInAs(server.context, 'MANAGER', { email: MANAGER_EMAIL });
  evlampia = await personWithData(
    server,
    {
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
    },
    manager,
  );
  aristarkh = await personWithData(
    server,
    {
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
    },
    manager,
  );
  // An order of Aristarkh's account that gives Evlampia's email as its contact stays his (0011).
  const his = await createOrder(server.context, { userId: aristarkh.user.userId });
  await server.context.db.execute(
    `update orders set email = 'evlampia.chernomorskaya@example.ru' where id = ${his.id}` as never,
  );
});
afterAll(() => server?.close());

type Archive = Record<string, Uint8Array>;

async function download(url: string, who: SignedInTestUser) {
  return server.app.inject({ method: 'GET', url, headers: who.headers });
}

const text = (archive: Archive, name: string) => Buffer.from(archive[name] as Uint8Array).toString('utf8');
const jsonOf = (archive: Archive, name: string) => JSON.parse(text(archive, name));

/** Every value of the person that must not be in someone else's archive. */
const valuesOf = (person: TestPerson) => [
  person.values.email,
  person.values.lastName,
  person.values.firstName,
  person.values.address,
  person.values.comment,
  person.values.signer,
  person.values.scanName,
  person.values.phone,
  person.values.telegramChat,
  person.work.customerText,
  person.values.question,
  person.work.bureauText,
  person.work.noteText,
  ...person.orders.map((order) => order.number),
];

describe('the customer downloads their data', () => {
  let archive: Archive;
  let raw: Buffer;

  beforeAll(async () => {
    const answer = await download('/api/user/me/export', evlampia.user);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(decodeURIComponent(String(answer.headers['content-disposition']))).toMatch(
      /^attachment; .*filename\*=UTF-8''Мои данные \d{4}-\d{2}-\d{2}\.zip$/,
    );
    raw = answer.rawPayload;
    archive = unzipSync(new Uint8Array(raw));
  });

  it('holds the README, the JSON files and each order’s scans in a folder named by its number', () => {
    const [courier, anonymous] = evlampia.orders;
    expect(Object.keys(archive).sort()).toEqual(
      [
        'README.txt',
        'consents.json',
        'notifications.json',
        'orders.json',
        'organizations.json',
        'profile.json',
        `files/${courier?.number}/паспорт-черноморской-1.pdf`,
        `files/${courier?.number}/паспорт-черноморской-2.pdf`,
        `files/${anonymous?.number}/паспорт-черноморской-3.pdf`,
        `files/${courier?.number}/Готовый перевод/перевод-паспорт-черноморской.pdf`,
        `files/${courier?.number}/Переписка/доверенность-паспорт-черноморской.pdf`,
        `files/${courier?.number}/Переписка/черновик-паспорт-черноморской.pdf`,
      ].sort(),
    );
    for (const [i, scan] of evlampia.scans.entries()) {
      const order = i < 2 ? courier : anonymous;
      const bytes = archive[`files/${order?.number}/${scan.name}`] as Uint8Array;
      expect(Buffer.from(bytes).equals(scan.bytes), scan.name).toBe(true);
    }
    const { result, customerFile, bureauFile } = evlampia.work;
    for (const [path, file] of [
      [`Готовый перевод/${result.name}`, result],
      [`Переписка/${customerFile.name}`, customerFile],
      [`Переписка/${bureauFile.name}`, bureauFile],
    ] as const) {
      const bytes = archive[`files/${courier?.number}/${path}`] as Uint8Array;
      expect(Buffer.from(bytes).equals(file.bytes), path).toBe(true);
    }
    expect(text(archive, 'README.txt')).toContain('orders.json — заказы');
  });

  it('has the profile, the saved company with its signer, and the consents with their version', () => {
    expect(jsonOf(archive, 'profile.json')).toMatchObject({
      email: 'evlampia.chernomorskaya@example.ru',
      firstName: 'Евлампия',
      lastName: 'Черноморская',
      phoneNumber: '+7 903 555-12-34',
      role: 'USER',
    });
    expect(jsonOf(archive, 'organizations.json')).toEqual([
      expect.objectContaining({ inn: '7707083893', signerName: 'Черноморский Пётр Ильич' }),
    ]);
    const consents = jsonOf(archive, 'consents.json') as {
      purpose: string;
      orderId: number | null;
      version: number;
    }[];
    expect(consents.map((c) => c.purpose).sort()).toEqual(['account', 'order', 'order']);
    expect(consents.every((c) => c.version >= 1)).toBe(true);
  });

  it('has every order of the cabinet — signed in, without sign-in, orphan — with history, payment, refund', () => {
    type Exported = Record<string, unknown> & {
      history: { status: string; byCustomer: boolean }[];
      files: { pathInArchive: string }[];
    };
    const orders = jsonOf(archive, 'orders.json') as Exported[];
    expect(orders.map((o) => o.number)).toEqual(evlampia.orders.map((o) => o.number));
    const [courier, anonymous] = orders as [Exported, Exported];
    expect(courier).toMatchObject({
      name: 'Евлампия Черноморская',
      address: 'Москва, ул. Гиляровского, 7, кв. 12',
      comment: 'Перевести отчество как Evlampievna',
      status: 'COMPLETED',
      payment: { paymentId: `demo-${evlampia.orders[0]?.id}` },
      refund: { amount: 100, status: 'SUCCEEDED' },
    });
    expect(courier.history.map((step) => step.status)).toEqual(['NEW', 'IN_TRANSLATION', 'COMPLETED']);
    expect(courier.files.map((f) => f.pathInArchive)).toEqual([
      `files/${evlampia.orders[0]?.number}/паспорт-черноморской-1.pdf`,
      `files/${evlampia.orders[0]?.number}/паспорт-черноморской-2.pdf`,
    ]);
    expect(anonymous).toMatchObject({ placedWithoutSignIn: true, status: 'CANCELLED' });
    expect(anonymous.history.at(-1)).toMatchObject({ byCustomer: true });
    // Only what the cabinet shows: no bureau cost, no actions.
    expect(courier).not.toHaveProperty('cost');
    expect(courier).not.toHaveProperty('actions');
  });

  it('has each order’s conversation as the cabinet shows it, and the finished translation', () => {
    const number = evlampia.orders[0]?.number;
    const [courier, anonymous] = jsonOf(archive, 'orders.json') as Record<string, unknown>[];
    expect(courier?.conversation).toEqual([
      {
        from: 'Вы',
        text: evlampia.work.customerText,
        sentAt: expect.any(String),
        readByOtherSideAt: null,
        files: [
          {
            name: evlampia.work.customerFile.name,
            size: evlampia.work.customerFile.bytes.length,
            type: 'application/pdf',
            pathInArchive: `files/${number}/Переписка/${evlampia.work.customerFile.name}`,
          },
        ],
      },
      {
        from: 'Бюро переводов',
        text: evlampia.work.bureauText,
        sentAt: expect.any(String),
        readByOtherSideAt: null,
        files: [
          expect.objectContaining({
            pathInArchive: `files/${number}/Переписка/${evlampia.work.bureauFile.name}`,
          }),
        ],
      },
    ]);
    expect(courier?.results).toEqual([
      {
        id: expect.any(Number),
        name: evlampia.work.result.name,
        size: evlampia.work.result.bytes.length,
        type: 'application/pdf',
        note: 'Перевод для Евлампия Черноморская',
        addedAt: expect.any(String),
        pathInArchive: `files/${number}/Готовый перевод/${evlampia.work.result.name}`,
      },
    ]);
    expect(anonymous).toMatchObject({ conversation: [], results: [] });
    // The bureau is «Бюро переводов»: no staff member's address, and the office's note is not hers.
    const everything = raw.toString('utf8');
    expect(everything).not.toContain(MANAGER_EMAIL);
    expect(everything).not.toContain('Заметка офиса');
  });

  it('has the Telegram chats that follow her account and her order', () => {
    expect(jsonOf(archive, 'profile.json').telegramChats).toEqual([
      { chatId: '7700112233', follows: 'все заказы', since: expect.any(String) },
      {
        chatId: '77001122331',
        follows: `заказ № ${evlampia.orders[0]?.number}`,
        since: expect.any(String),
      },
    ]);
  });

  it('has their notifications', () => {
    const notifications = jsonOf(archive, 'notifications.json') as { title: string }[];
    expect(notifications.length).toBeGreaterThanOrEqual(2);
    expect(notifications.some((n) => n.title.includes(evlampia.orders[0]?.number as string))).toBe(true);
  });

  it('holds nothing of another customer — his conversation, files, chats — not even an order of his that names her email', () => {
    const everything = raw.toString('utf8');
    for (const value of valuesOf(aristarkh)) expect(everything, value).not.toContain(value);
  });
});

describe('an ADMIN answering a written request', () => {
  it('downloads the same archive, named for the client, and nobody else may', async () => {
    const answer = await download(`/api/admin/personal-data/${aristarkh.user.userId}`, admin);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(decodeURIComponent(String(answer.headers['content-disposition']))).toContain(
      `Данные клиента ${aristarkh.user.userId} `,
    );
    const archive = unzipSync(new Uint8Array(answer.rawPayload));
    expect(jsonOf(archive, 'profile.json').email).toBe('aristarkh.podbelsky@example.ru');
    expect(text(archive, 'README.txt')).toContain('администратором по вашему письменному запросу');
    const everything = answer.rawPayload.toString('utf8');
    // Her email is there only as the contact his own order was placed with: his order, his data.
    const hers = valuesOf(evlampia).filter((value) => value !== evlampia.values.email);
    for (const value of hers) expect(everything, value).not.toContain(value);
    const orders = jsonOf(archive, 'orders.json') as { email: string }[];
    expect(everything.split(evlampia.values.email).length - 1).toBe(1);
    expect(orders.filter((order) => order.email === evlampia.values.email)).toHaveLength(1);

    expect(
      (await download(`/api/admin/personal-data/${aristarkh.user.userId}`, evlampia.user)).statusCode,
    ).toBe(403);
    const missing = await download('/api/admin/personal-data/999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Пользователь не найден');
  });
});

describe('the export limit', () => {
  it('answers 429 in Russian with Retry-After after five exports in an hour by one account', async () => {
    const someone = await signInAs(server.context, 'USER');
    for (let i = 0; i < 5; i++) expect((await download('/api/user/me/export', someone)).statusCode).toBe(200);
    const refused = await download('/api/user/me/export', someone);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Выгрузку данных можно скачать не больше 5 раз в час.*Повторите через \d+ (мин|ч)\.$/,
      ),
    });
    // Another account is not held back by it.
    expect((await download('/api/user/me/export', evlampia.user)).statusCode).toBe(200);
  });
});
