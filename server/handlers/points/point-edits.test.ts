/** Pickup points as an admin and a partner edit them, with photos. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, createUser } from '../../test-support/fixtures';
import { multipartForm } from '../../test-support/multipart-form';
import { phonePhoto, SECRETS } from '../../test-support/photos';
import { type SignedInTestUser, signInAs, signInUser } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAs(server.context, 'ADMIN');
});
afterAll(() => server?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  who = admin,
) => server.app.inject({ method, url, payload, headers: who.headers });

const point = (changes: Record<string, unknown> = {}) => ({
  name: 'Пункт выдачи «Новослободская»',
  schedule: 'Пн–Вс 10:00–21:00',
  address: 'Москва, ул. Новослободская, 4',
  lat: 55.7796,
  lon: 37.6012,
  partnerId: 1,
  metro: 'Новослободская',
  metroColor: '#8D5B2D',
  phone: '+7 495 100-00-99',
  ...changes,
});

/** A phone's photo: EXIF with where it was taken, an APP2 segment, a comment, bytes after its end. */
const jpegWithGps = phonePhoto();

const sendPhoto = (pointId: number, content: Buffer, who = admin, name = 'facade.jpg') => {
  const body = multipartForm([{ field: 'photo', name, content, type: 'image/jpeg' }]);
  return server.app.inject({
    method: 'POST',
    url: `/api/point/photo/${pointId}`,
    payload: body.payload,
    headers: { ...body.headers, ...who.headers },
  });
};

describe('pickup points in the back office', () => {
  it('adds a point that shows on the map of the order form, then closes and opens it', async () => {
    const created = await call('POST', '/api/point', point());
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ metroColor: '#8d5b2d', isActive: true, photos: [] });
    const active = async () =>
      (await server.app.inject({ url: '/api/point/active' })).json().map((p: { id: number }) => p.id);
    expect(await active()).toContain(id);
    const closed = await call('PATCH', '/api/point/status', { id, isActive: false });
    expect(closed.json().isActive).toBe(false);
    expect(await active()).not.toContain(id);
    expect((await call('PATCH', '/api/point/status', { id, isActive: true })).json().isActive).toBe(true);
    const history = (
      await call('GET', `/api/form-settings/changes?entity=PICKUP_POINT&entityId=${id}`)
    ).json().items;
    expect(history.slice(0, 2).map((c: { newValue: string }) => c.newValue)).toEqual(['true', 'false']);
  });

  it('refuses a point without a name or with a partner that does not exist', async () => {
    const blank = await call('POST', '/api/point', point({ name: '  ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Введите название пункта');
    const nobody = await call('POST', '/api/point', point({ partnerId: 999 }));
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().message).toBe('Такого партнёра нет');
    const far = await call('POST', '/api/point', point({ lat: 91 }));
    expect(far.statusCode).toBe(400);
  });

  it('lets a partner edit only their own points, and never give one to another partner', async () => {
    const own = await signInAs(server.context, 'PARTNER', { partnerId: 1 });
    const other = await signInAs(server.context, 'PARTNER', { partnerId: 2 });
    const created = await call('POST', '/api/point', point({ partnerId: undefined }), own);
    expect(created.statusCode).toBe(201);
    expect(created.json().partnerId).toBe(1);
    const id = created.json().id;
    expect((await call('PUT', '/api/point', { id, ...point({ schedule: 'Пн–Пт' }) }, own)).statusCode).toBe(
      200,
    );
    expect((await call('PUT', '/api/point', { id, ...point() }, other)).statusCode).toBe(404);
    expect((await call('PUT', '/api/point', { id, ...point({ partnerId: 2 }) }, own)).statusCode).toBe(404);
    expect((await call('PATCH', '/api/point/status', { id, isActive: false }, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/point/partner/2', undefined, own)).statusCode).toBe(404);
    const mine = (await call('GET', '/api/point/partner/1', undefined, own)).json();
    expect(mine.every((p: { partnerId: number }) => p.partnerId === 1)).toBe(true);
    const manager = await signInAs(server.context, 'MANAGER');
    expect((await call('POST', '/api/point', point(), manager)).statusCode).toBe(403);
  });

  it("refuses a partner a courier service's point, and an account with no partner any point", async () => {
    const own = await signInAs(server.context, 'PARTNER', { partnerId: 1 });
    const courier = await call('POST', '/api/point', point({ type: 'COURIER_SERVICE' }), own);
    expect(courier.statusCode).toBe(403);
    expect(courier.json().message).toBe('Пункт курьерской службы может добавить только администратор');
    const created = (await call('POST', '/api/point', point(), own)).json();
    const turned = await call(
      'PUT',
      '/api/point',
      { id: created.id, ...point({ type: 'COURIER_SERVICE' }) },
      own,
    );
    expect(turned.statusCode).toBe(403);
    const unlinked = await signInUser(
      server.context,
      await createUser(server.context, { role: 'PARTNER', partnerId: null }),
    );
    const orphan = await call('POST', '/api/point', point({ partnerId: undefined }), unlinked);
    expect(orphan.statusCode).toBe(403);
    expect(orphan.json().message).toBe(
      'Учётная запись не привязана к партнёру: пункты выдачи добавляет администратор',
    );
    // An ADMIN adds a courier service's point.
    expect(
      (await call('POST', '/api/point', point({ type: 'COURIER_SERVICE', partnerId: null }))).statusCode,
    ).toBe(201);
  });

  it('closes a point orders were handed over at instead of deleting it, and deletes an unused one', async () => {
    const used = (await call('POST', '/api/point', point({ name: 'С заказами' }))).json();
    const order = await createOrder(server.context, { userId: null, partnerId: 1 });
    const { orders } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await server.context.db.update(orders).set({ pickupPointId: used.id }).where(eq(orders.id, order.id));
    const closed = await call('DELETE', `/api/point?id=${used.id}`);
    expect(closed.json()).toMatchObject({ outcome: 'DEACTIVATED' });
    expect(closed.json().message).toMatch(
      /^Отключено: пункт выдачи «С заказами» — на него ссылаются заказы \(1\)/,
    );
    const unused = (await call('POST', '/api/point', point({ name: 'Пустой' }))).json();
    expect((await call('DELETE', `/api/point?id=${unused.id}`)).json().outcome).toBe('DELETED');
    expect((await call('GET', `/api/point/${unused.id}`)).statusCode).toBe(404);
  });
});

describe('photos of a point', () => {
  it('stores a photo without where it was taken, public for the order form', async () => {
    const id = (await call('POST', '/api/point', point({ name: 'С фото' }))).json().id;
    const answer = await sendPhoto(id, jpegWithGps);
    expect(answer.statusCode).toBe(200);
    const [url] = answer.json().photos;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const download = await server.app.inject({ url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    // Drawn again from its pixels: nothing of the uploaded file but the picture is left.
    for (const secret of SECRETS)
      expect(download.rawPayload.includes(Buffer.from(secret)), secret).toBe(false);
    expect(download.rawPayload.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    // Nothing of it is left in the folder of incoming uploads.
    expect(readdirSync(join(server.context.config.dataDir, 'files', 'incoming'))).toEqual([]);
    const removed = await call('DELETE', `/api/point/photo/${id}?fileId=${url.split('/').pop()}`);
    expect(removed.json().photos).toEqual([]);
    expect((await server.app.inject({ url })).statusCode).toBe(404);
  });

  it('refuses a text file called .jpg, an eleventh photo and one over 10 MB', async () => {
    const id = (await call('POST', '/api/point', point({ name: 'Много фото' }))).json().id;
    const text = await sendPhoto(id, Buffer.from('not a picture at all'), admin, 'fake.jpg');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Файл fake.jpg имеет недопустимый формат');
    const big = Buffer.concat([jpegWithGps.subarray(0, 2), Buffer.alloc(10 * 1024 * 1024 + 10, 0)]);
    const large = await sendPhoto(id, big, admin, 'huge.jpg');
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe('Файл huge.jpg превышает максимальный размер 10MB');
    for (let n = 0; n < 10; n += 1) expect((await sendPhoto(id, jpegWithGps)).statusCode).toBe(200);
    const eleventh = await sendPhoto(id, jpegWithGps);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toMatch(/^У пункта уже 10 фотографий/);
    const other = await signInAs(server.context, 'PARTNER', { partnerId: 2 });
    expect((await sendPhoto(id, jpegWithGps, other)).statusCode).toBe(404);
  });
});
