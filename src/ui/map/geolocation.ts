/**
 * Where the customer is, once, at low accuracy (enough to centre the map on their district), with
 * a Russian reason when the browser cannot or will not tell.
 */
import { GEOLOCATION_OPTIONS, type LngLat } from './map-view';

export type LocateResult = { ok: true; location: LngLat } | { ok: false; message: string };

const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

export function geolocationMessage(code: number | null): string {
  switch (code) {
    case PERMISSION_DENIED:
      return 'Доступ к местоположению запрещён. Разрешите его в настройках браузера или выберите пункт в списке.';
    case TIMEOUT:
      return 'Не удалось определить местоположение за 15 секунд. Попробуйте ещё раз.';
    case POSITION_UNAVAILABLE:
      return 'Местоположение сейчас недоступно. Выберите пункт в списке.';
    default:
      return 'Этот браузер не умеет определять местоположение. Выберите пункт в списке.';
  }
}

export function locateCustomer(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<LocateResult> {
  if (!geolocation) return Promise.resolve({ ok: false, message: geolocationMessage(null) });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (position) =>
        resolve({ ok: true, location: { lon: position.coords.longitude, lat: position.coords.latitude } }),
      (error) => resolve({ ok: false, message: geolocationMessage(error.code) }),
      GEOLOCATION_OPTIONS,
    );
  });
}
