/** The form's catalogue as an admin edits it: documents, assurances, deliveries, their order. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAs(server.context, 'ADMIN', { email: 'catalogue.admin@perevod.local' });
});
afterAll(() => server?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = admin) =>
  server.app.inject({ method, url, payload, headers: who.headers });

const formParams = () => server.app.inject({ url: '/api/order/form-params' });

const changesOf = async (entity: string, id: number) =>
  (await call('GET', `/api/form-settings/changes?entity=${entity}&entityId=${id}`)).json().items;

describe('document types', () => {
  it('adds one with its name trimmed and string prices read as rubles, cost 0 by default', async () => {
    const created = await call('POST', '/api/form-settings/document', {
      type: '  Справка  ',
      price: '1500,50',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ type: 'Справка', price: 1500.5, cost: 0, isActive: true });
    const withCost = await call('POST', '/api/form-settings/document', {
      type: 'Диплом магистра',
      price: '2000',
      cost: '800',
    });
    expect(withCost.json()).toMatchObject({ price: 2000, cost: 800 });
    // A new type goes last in the form.
    const all = (await call('GET', '/api/form-settings/document')).json();
    expect(all.at(-1).type).toBe('Диплом магистра');
  });

  it('refuses a name of spaces and a price that is not money, in Russian, with the field', async () => {
    const blank = await call('POST', '/api/form-settings/document', { type: '   ', price: 100 });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Введите название документа',
      details: [{ path: '/body/type' }],
    });
    const letters = await call('POST', '/api/form-settings/document', { type: 'Паспорт', price: 'сто' });
    expect(letters.statusCode).toBe(400);
    const huge = await call('POST', '/api/form-settings/document', { type: 'Паспорт', price: '100000001' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('Сумма — не больше 100 000 000 ₽');
  });

  it('refuses a second document of a name it has, whatever the letter case and spaces, beside the name', async () => {
    const first = await call('POST', '/api/form-settings/document', { type: 'Справка из банка', price: 900 });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/api/form-settings/document', {
      type: '  справка   ИЗ банка ',
      price: 700,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'CONFLICT',
      message: 'Документ «Справка из банка» уже есть',
      details: [{ path: '/body/type', message: 'Документ «Справка из банка» уже есть' }],
    });
    // A rename onto it is refused too; a change that keeps the document's own name is not.
    const other = (await call('POST', '/api/form-settings/document', { type: 'Права', price: 900 })).json();
    const renamed = await call('PUT', '/api/form-settings/document', {
      id: other.id,
      type: 'Справка Из Банка',
      price: 900,
    });
    expect(renamed.statusCode).toBe(409);
    const repriced = await call('PUT', '/api/form-settings/document', {
      id: first.json().id,
      type: 'справка из банка',
      price: 950,
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    // A hidden one still holds its name, and the message says how to get it back.
    await call('PUT', '/api/form-settings/document', {
      id: other.id,
      type: 'Права',
      price: 900,
      isActive: false,
    });
    const hidden = await call('POST', '/api/form-settings/document', { type: 'права', price: 900 });
    expect(hidden.json().message).toBe('Документ «Права» уже есть: он скрыт из формы — покажите его снова');
    const names = (await call('GET', '/api/form-settings/document'))
      .json()
      .map((d: { type: string }) => d.type);
    expect(names.filter((name: string) => /^(справка из банка|права)$/i.test(name))).toHaveLength(2);
  });

  it('lets only an admin in: a manager gets 403, nobody signed in 401', async () => {
    const manager = await signInAs(server.context, 'MANAGER');
    const body = { type: 'Паспорт', price: 100 };
    expect((await call('POST', '/api/form-settings/document', body, manager)).statusCode).toBe(403);
    const anonymous = await server.app.inject({
      method: 'POST',
      url: '/api/form-settings/document',
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await call('GET', '/api/form-settings/changes?entity=DOCUMENT', undefined, manager)).statusCode,
    ).toBe(403);
  });

  it('keeps who changed which price, from what to what, and the order form gets a new ETag at once', async () => {
    const before = await formParams();
    const created = (
      await call('POST', '/api/form-settings/document', { type: 'Свидетельство', price: 900, cost: 400 })
    ).json();
    const afterCreate = await formParams();
    expect(afterCreate.headers.etag).not.toBe(before.headers.etag);
    expect(afterCreate.json().documents.map((d: { type: string }) => d.type)).toContain('Свидетельство');

    const changed = await call('PUT', '/api/form-settings/document', {
      id: created.id,
      type: 'Свидетельство',
      price: 1100,
      cost: 400,
    });
    expect(changed.statusCode).toBe(200);
    const afterChange = await formParams();
    expect(afterChange.headers.etag).not.toBe(afterCreate.headers.etag);
    expect(afterChange.json().documents.find((d: { id: number }) => d.id === created.id).price).toBe(1100);
    // An unchanged catalogue keeps its ETag: a 304 for the copy the browser has.
    const again = await server.app.inject({
      url: '/api/order/form-params',
      headers: { 'if-none-match': afterChange.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    const changes = await changesOf('DOCUMENT', created.id);
    expect(changes[0]).toMatchObject({
      action: 'UPDATED',
      field: 'price',
      oldValue: '900',
      newValue: '1100',
      actorEmail: 'catalogue.admin@perevod.local',
      actorRole: 'ADMIN',
    });
    // The cost did not move, so it has no entry of its own; the creation has one.
    expect(
      changes.filter(
        (c: { field: string | null; action: string }) => c.action === 'UPDATED' && c.field === 'cost',
      ),
    ).toEqual([expect.objectContaining({ oldValue: null, newValue: '400' })]);
    expect(changes.at(-1)).toMatchObject({ action: 'CREATED', newValue: 'Свидетельство' });
  });

  it('answers 404 for a document that does not exist', async () => {
    const missing = await call('PUT', '/api/form-settings/document', { id: 99999, type: 'Нет', price: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Тип документа не найден');
    expect((await call('DELETE', '/api/form-settings/document?id=99999')).statusCode).toBe(404);
  });
});

describe('assurances and deliveries', () => {
  it('adds and changes an assurance with the notary costs by day of the week', async () => {
    const created = await call('POST', '/api/form-settings/assurance', {
      type: 'Апостиль для Италии',
      price: 2500,
      cost: 1000,
      costWeekday: 1000,
      costSaturday: 1500,
      costSunday: 2000,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const changed = await call('PUT', '/api/form-settings/assurance', {
      id,
      type: 'Апостиль для Италии',
      price: 2500,
      costSunday: 2200,
    });
    expect(changed.json()).toMatchObject({ costWeekday: 1000, costSaturday: 1500, costSunday: 2200 });
    expect((await changesOf('ASSURANCE', id))[0]).toMatchObject({
      field: 'costSunday',
      oldValue: '2000',
      newValue: '2200',
    });
  });

  it('refuse an assurance or a delivery of a name their kind has', async () => {
    // The demo catalogue has «Апостиль».
    const assurance = await call('POST', '/api/form-settings/assurance', { type: 'АПОСТИЛЬ', price: 2500 });
    expect(assurance.statusCode).toBe(409);
    expect(assurance.json().message).toBe('Заверение «Апостиль» уже есть');
    const delivery = { type: 'Почта России', code: 'COURIER', price: 300 };
    expect((await call('POST', '/api/form-settings/delivery', delivery)).statusCode).toBe(201);
    const twice = await call('POST', '/api/form-settings/delivery', { ...delivery, type: 'почта  россии' });
    expect(twice.json()).toMatchObject({
      message: 'Способ получения «Почта России» уже есть',
      details: [{ path: '/body/type' }],
    });
  });

  it('adds a delivery with its time and refuses an unknown delivery code', async () => {
    const created = await call('POST', '/api/form-settings/delivery', {
      type: 'Курьер за МКАД',
      code: 'COURIER',
      price: 700,
      time: ' 2–3 дня ',
    });
    expect(created.json()).toMatchObject({ type: 'Курьер за МКАД', time: '2–3 дня', isActive: true });
    const bad = await call('POST', '/api/form-settings/delivery', {
      type: 'Голубь',
      code: 'PIGEON',
      price: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('removing what orders refer to', () => {
  const order = {
    name: 'Анна Смирнова',
    phoneNumber: '8 (916) 123-45-67',
    email: 'hidden.document@example.ru',
    originalLanguage: 'ru',
    targetLanguage: 'en',
    payerType: 'INDIVIDUAL',
    deliveryType: 'OFFICE',
    personalDataConsent: true,
  };

  it('hides a document an order has, keeps the order readable, and says so', async () => {
    const document = (
      await call('POST', '/api/form-settings/document', {
        type: 'Трудовая книжка старого образца',
        price: 1300,
        cost: 500,
      })
    ).json();
    const placed = await server.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: { ...order, orderDocuments: [{ documentId: document.id, quantity: 1, assuranceIds: [] }] },
    });
    expect(placed.statusCode).toBe(201);
    const removed = await call('DELETE', `/api/form-settings/document?id=${document.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({
      outcome: 'HIDDEN',
      message: expect.stringMatching(
        /^Скрыто из формы: документ «Трудовая книжка старого образца» — на него ссылаются заказы \(1\)/,
      ),
    });
    expect((await formParams()).json().documents.map((d: { id: number }) => d.id)).not.toContain(document.id);
    const staff = (await call('GET', `/api/order/${placed.json().order.id}`)).json();
    expect(staff.order.documents[0]).toMatchObject({ type: 'Трудовая книжка старого образца', price: 1300 });
    // Still in the back office's list, marked hidden, so it can be offered again.
    const all = (await call('GET', '/api/form-settings/document')).json();
    expect(all.find((d: { id: number }) => d.id === document.id).isActive).toBe(false);
    expect((await changesOf('DOCUMENT', document.id))[0]).toMatchObject({
      action: 'HIDDEN',
      field: 'isActive',
      oldValue: 'true',
      newValue: 'false',
    });
  });

  it('deletes a document no order has, and its history stays', async () => {
    const document = (
      await call('POST', '/api/form-settings/document', { type: 'Черновик', price: 1 })
    ).json();
    const removed = await call('DELETE', `/api/form-settings/document?id=${document.id}`);
    expect(removed.json()).toEqual({ outcome: 'DELETED', message: 'Удалено: документ «Черновик».' });
    expect(
      (await call('GET', '/api/form-settings/document')).json().map((d: { id: number }) => d.id),
    ).not.toContain(document.id);
    expect((await changesOf('DOCUMENT', document.id))[0]).toMatchObject({
      action: 'DELETED',
      oldValue: 'документ «Черновик»',
    });
  });

  it('hides a delivery orders used', async () => {
    const delivery = (
      await call('POST', '/api/form-settings/delivery', {
        type: 'Самовывоз из архива',
        code: 'OFFICE',
        price: 0,
      })
    ).json();
    const placed = await server.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        ...order,
        email: 'hidden.delivery@example.ru',
        deliveryId: delivery.id,
        orderDocuments: [{ documentId: 1, quantity: 1, assuranceIds: [] }],
      },
    });
    expect(placed.statusCode).toBe(201);
    expect((await call('DELETE', `/api/form-settings/delivery?id=${delivery.id}`)).json().outcome).toBe(
      'HIDDEN',
    );
    expect((await formParams()).json().deliveries.map((d: { id: number }) => d.id)).not.toContain(
      delivery.id,
    );
  });
});

describe('prices of placed orders', () => {
  it('stay as they were when the catalogue price and cost change later', async () => {
    const document = (
      await call('POST', '/api/form-settings/document', {
        type: 'Аттестат о среднем образовании',
        price: 1000,
        cost: 400,
      })
    ).json();
    const placed = await server.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Анна Смирнова',
        phoneNumber: '8 (916) 123-45-67',
        email: 'kept.prices@example.ru',
        originalLanguage: 'ru',
        targetLanguage: 'en',
        payerType: 'INDIVIDUAL',
        deliveryType: 'OFFICE',
        personalDataConsent: true,
        orderDocuments: [{ documentId: document.id, quantity: 2, assuranceIds: [] }],
      },
    });
    const orderId = placed.json().order.id;
    const card = async () => (await call('GET', `/api/order/${orderId}`)).json();
    const before = await card();
    await call('PUT', '/api/form-settings/document', {
      id: document.id,
      type: 'Аттестат о среднем образовании',
      price: 5000,
      cost: 3000,
    });
    const after = await card();
    expect(after.order.amount).toBe(before.order.amount);
    expect(after.order.documents[0].price).toBe(1000);
    expect(after.costs).toEqual(before.costs);
    expect(after.costs.lines[0].cost).toBe(400);
  });
});

describe('the order of the form', () => {
  const positions = async (url: string) =>
    (await call('GET', url)).json().map((row: { id: number; sortOrder: number }) => [row.id, row.sortOrder]);

  it('puts the moved item where it was asked and numbers the list 1…n', async () => {
    const list = (await call('GET', '/api/form-settings/document')).json() as { id: number }[];
    const last = list.at(-1)?.id as number;
    const answer = await call('PUT', '/api/form-settings/document/reorder', {
      items: [last, ...list.slice(0, -1).map((row) => row.id)].map((id, index) => ({
        id,
        sortOrder: index + 1,
      })),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()[0].id).toBe(last);
    expect(answer.json().map((row: { sortOrder: number }) => row.sortOrder)).toEqual(
      list.map((_, index) => index + 1),
    );
    expect((await formParams()).json().documents[0].id).toBe(last);
    expect((await changesOf('DOCUMENT', last))[0]).toMatchObject({
      action: 'REORDERED',
      field: 'sortOrder',
      newValue: '1',
    });
  });

  it('skips an id deleted meanwhile, and refuses one given twice, moving nothing then', async () => {
    const before = await positions('/api/form-settings/assurance');
    const first = before[0]?.[0] as number;
    const unknown = await call('PUT', '/api/form-settings/assurance/reorder', {
      items: [{ id: 99999, sortOrder: 1 }],
    });
    expect(unknown.statusCode).toBe(200);
    expect(await positions('/api/form-settings/assurance')).toEqual(before);
    const twice = await call('PUT', '/api/form-settings/assurance/reorder', {
      items: [
        { id: first, sortOrder: 2 },
        { id: first, sortOrder: 3 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(`Запись ${first} указана дважды`);
    expect(await positions('/api/form-settings/assurance')).toEqual(before);
  });

  it('leaves one consistent order when two admins reorder and a third adds at the same time', async () => {
    const other = await signInAs(server.context, 'ADMIN');
    const list = (await call('GET', '/api/form-settings/delivery')).json() as { id: number }[];
    const ids = list.map((row) => row.id);
    const reversed = [...ids].reverse();
    const asItems = (order: number[]) => ({
      items: order.map((id, index) => ({ id, sortOrder: index + 1 })),
    });
    const answers = await Promise.all([
      call('PUT', '/api/form-settings/delivery/reorder', asItems(ids)),
      call('PUT', '/api/form-settings/delivery/reorder', asItems(reversed), other),
      call('POST', '/api/form-settings/delivery', { type: 'Новая', code: 'COURIER', price: 1 }),
      call('PUT', '/api/form-settings/delivery/reorder', asItems(reversed)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 201, 200]);
    const final = (await call('GET', '/api/form-settings/delivery')).json() as {
      id: number;
      sortOrder: number;
    }[];
    expect(final).toHaveLength(ids.length + 1);
    expect(final.map((row) => row.sortOrder)).toEqual(final.map((_, index) => index + 1));
    expect(new Set(final.map((row) => row.id)).size).toBe(final.length);
  });
});
