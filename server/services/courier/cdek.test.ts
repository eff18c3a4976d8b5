/** The CDEK adapter against a local stub answering in CDEK API v2's shapes, good days and bad. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CdekStub, startCdekStub } from '../../test-support/cdek-stub';
import { createCdekCourier } from './cdek';
import { CourierError, type NewParcel } from './courier';

let stub: CdekStub;
beforeAll(async () => {
  stub = await startCdekStub();
});
afterAll(() => stub?.close());
afterEach(() => {
  stub.failNext(0);
  stub.hangNext(0);
});

const courier = (overrides: { timeoutMs?: number; clientSecret?: string; shipmentPoint?: string } = {}) =>
  createCdekCourier({
    clientId: stub.clientId,
    clientSecret: overrides.clientSecret ?? stub.clientSecret,
    apiUrl: stub.apiUrl,
    timeoutMs: overrides.timeoutMs ?? 2000,
    shipmentPoint: overrides.shipmentPoint,
  });

const parcel = (number: string): NewParcel => ({
  number,
  tariffCode: 139,
  from: { address: 'Москва, ул. Тверская, 7' },
  to: { address: 'Москва, ул. Профсоюзная, 56, кв. 10' },
  recipient: { name: 'Анна Смирнова', phone: '+79161234567', email: 'anna@example.ru' },
  sender: { name: 'Офис на Тверской', phone: '+74950000000' },
  comment: `Перевод документов, заказ ${number}`,
});

describe('the CDEK adapter', () => {
  it('prices a parcel with the tariffs that fit the route, cheapest first', async () => {
    const fromOffice = await courier().priceOptions({
      from: 'Москва, Тверская 7',
      to: 'Москва, Профсоюзная 56',
      toPoint: false,
    });
    expect(fromOffice).toEqual([
      { tariffCode: '139', name: 'Посылка дверь-дверь', price: 610, minDays: 1, maxDays: 3 },
    ]);
    const fromPointToPoint = await courier({ shipmentPoint: 'MSK1' }).priceOptions({
      from: 'Москва',
      to: 'Москва, ул. Тверская, 18',
      toPoint: true,
    });
    expect(fromPointToPoint.map((o) => [o.tariffCode, o.price])).toEqual([
      ['483', 290],
      ['136', 320],
    ]);
    const call = stub.requests.findLast((r) => r.path === '/v2/calculator/tarifflist');
    expect(call?.body).toMatchObject({
      to_location: { address: 'Москва, ул. Тверская, 18' },
      packages: [{ weight: 500 }],
    });
  });

  it('gets a token once with client credentials and reuses it; a revoked one is renewed once', async () => {
    const service = courier();
    const before = stub.tokensIssued;
    await service.listPoints(44);
    await service.listPoints(44);
    expect(stub.tokensIssued - before).toBe(1);
    const tokenCall = stub.requests.findLast((r) => r.path === '/v2/oauth/token');
    expect(tokenCall?.body).toEqual({
      grant_type: 'client_credentials',
      client_id: 'stub-client',
      client_secret: 'stub-secret',
    });
    stub.revokeTokens();
    expect(await service.listPoints(44)).toHaveLength(2);
    expect(stub.tokensIssued - before).toBe(2);
  });

  it('says plainly when CDEK refuses the credentials', async () => {
    await expect(courier({ clientSecret: 'wrong' }).listPoints(44)).rejects.toThrow(
      'СДЭК не принял ключи доступа: проверьте ключи СДЭК в настройках сервера',
    );
  });

  it('registers a parcel, finds it again by our order number, and follows its statuses', async () => {
    const service = courier();
    const { externalId } = await service.createParcel(parcel('2611-00901'));
    const sent = stub.parcels.get(externalId);
    expect(sent).toMatchObject({
      number: '2611-00901',
      tariff_code: 139,
      to_location: { address: 'Москва, ул. Профсоюзная, 56, кв. 10' },
    });
    expect(sent?.recipient).toEqual({
      name: 'Анна Смирнова',
      email: 'anna@example.ru',
      phones: [{ number: '+79161234567' }],
    });

    expect(await service.findParcel('2611-00901')).toMatchObject({
      externalId,
      trackingNumber: null,
      refused: null,
    });
    expect(await service.findParcel('2611-00999')).toBeNull();

    stub.advance(externalId, 'RECEIVED_AT_SHIPMENT_WAREHOUSE', 'Принят на склад отправителя');
    stub.advance(externalId, 'DELIVERED', 'Вручен');
    const state = await service.parcelState(externalId);
    expect(state?.status).toMatchObject({ code: 'DELIVERED', name: 'Вручен' });
    expect(state?.trackingNumber).toMatch(/^\d{11}$/);
  });

  it("passes on CDEK's own reason when it refuses a parcel", async () => {
    await expect(courier().createParcel({ ...parcel('2611-00902'), tariffCode: 0 })).rejects.toThrow(
      'СДЭК не принял заказ: Field tariff_code is empty — v2_field_is_empty',
    );
  });

  it('reads the pickup points of a city', async () => {
    const points = await courier().listPoints(44);
    expect(points[0]).toEqual({
      code: 'MSK101',
      name: 'На Тверской',
      address: 'Россия, Москва, ул. Тверская, 18',
      lat: 55.7649,
      lon: 37.6054,
      schedule: 'Пн-Пт 10:00-20:00, Сб 10:00-16:00',
      phone: '+74951234567',
      metro: 'Пушкинская',
      note: null,
    });
  });

  it('turns a 5xx into a CourierError with the status, never a raw failure', async () => {
    const service = courier();
    await service.listPoints(44);
    stub.failNext(1, 502);
    const failure = await service.listPoints(44).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CourierError);
    expect(failure).toMatchObject({
      status: 502,
      message: 'СДЭК ответил ошибкой 502: Internal server error — v2_internal_error',
    });
  });

  it('gives up on a call that hangs at its timeout', async () => {
    const service = courier({ timeoutMs: 300 });
    await service.listPoints(44);
    stub.hangNext(1);
    const started = Date.now();
    await expect(service.parcelState('00000000-0000-4000-8000-000000000000')).rejects.toThrow(
      'СДЭК не ответил за 0,3 с',
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
