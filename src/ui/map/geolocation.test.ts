import { describe, expect, it } from 'vitest';
import { locateCustomer } from './geolocation';
import { GEOLOCATION_OPTIONS } from './map-view';

function fakeGeolocation(answer: (success: PositionCallback, failure: PositionErrorCallback) => void) {
  const calls: Array<PositionOptions | undefined> = [];
  const geolocation = {
    getCurrentPosition(
      success: PositionCallback,
      failure?: PositionErrorCallback | null,
      options?: PositionOptions,
    ) {
      calls.push(options);
      answer(success, failure ?? (() => undefined));
    },
  } as unknown as Geolocation;
  return { geolocation, calls };
}

const failWith = (code: number) =>
  fakeGeolocation((_success, failure) => failure({ code, message: 'x' } as GeolocationPositionError));

describe('locating the customer', () => {
  it('asks once at low accuracy, 15 s timeout, 5 min age, and gives the location as lon/lat', async () => {
    const { geolocation, calls } = fakeGeolocation((success) =>
      success({ coords: { latitude: 55.76, longitude: 37.6 } } as GeolocationPosition),
    );
    await expect(locateCustomer(geolocation)).resolves.toEqual({
      ok: true,
      location: { lon: 37.6, lat: 55.76 },
    });
    expect(calls).toEqual([GEOLOCATION_OPTIONS]);
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 });
  });

  it('says in Russian why not: refused, timed out, unavailable, or no geolocation at all', async () => {
    const denied = await locateCustomer(failWith(1).geolocation);
    expect(denied).toEqual({
      ok: false,
      message: expect.stringMatching(/^Доступ к местоположению запрещён/),
    });
    const timeout = await locateCustomer(failWith(3).geolocation);
    expect(timeout).toEqual({ ok: false, message: expect.stringContaining('за 15 секунд') });
    const unavailable = await locateCustomer(failWith(2).geolocation);
    expect(unavailable).toEqual({
      ok: false,
      message: expect.stringMatching(/^Местоположение сейчас недоступно/),
    });
    const none = await locateCustomer(undefined);
    expect(none).toEqual({
      ok: false,
      message: expect.stringContaining('не умеет определять местоположение'),
    });
  });
});
