import { describe, expect, it } from 'vitest';
import { buildPushNotification, FALLBACK_TITLE, FALLBACK_URL, toAppPath } from './push-payload';

const ORIGIN = 'https://perevod.example';

describe('push payload', () => {
  it('shows the title, body and order link the server sent', () => {
    const { title, options } = buildPushNotification(
      JSON.stringify({
        title: 'Заказ готов',
        body: 'Заберите перевод',
        url: '/cabinet/orders/42',
        orderId: 42,
      }),
      ORIGIN,
    );
    expect(title).toBe('Заказ готов');
    expect(options.body).toBe('Заберите перевод');
    expect(options.data).toEqual({ url: '/cabinet/orders/42', orderId: 42 });
    expect(options.tag).toBe('order-42');
    expect(options.icon).toBe('/icons/icon-192.png');
  });

  it('still shows a notification when the payload is missing or not JSON', () => {
    expect(buildPushNotification(null, ORIGIN).title).toBe(FALLBACK_TITLE);
    const plain = buildPushNotification('Новое сообщение', ORIGIN);
    expect(plain.title).toBe(FALLBACK_TITLE);
    expect(plain.options.body).toBe('Новое сообщение');
    expect(plain.options.data.url).toBe(FALLBACK_URL);
    expect(buildPushNotification('[1,2]', ORIGIN).title).toBe(FALLBACK_TITLE);
  });

  it("offers the order's tracking page, without signing in, as the notification's action", () => {
    const { options } = buildPushNotification(
      JSON.stringify({
        title: 'Заказ 2611-00042',
        body: 'Перевод готов',
        url: '/cabinet/orders/42',
        orderId: 42,
        trackingUrl: '/track/8cY2Hq0v3kZbT1sWmA9dLr5nXeGfUjPoQiRtVy7wBzC',
      }),
      ORIGIN,
    );
    expect(options.data.trackingUrl).toBe('/track/8cY2Hq0v3kZbT1sWmA9dLr5nXeGfUjPoQiRtVy7wBzC');
    expect((options as { actions?: unknown }).actions).toEqual([
      { action: 'track', title: 'Статус без входа' },
    ]);
    // Another site's address is no tracking link.
    const foreign = buildPushNotification(
      JSON.stringify({ title: 't', trackingUrl: 'https://evil.example/track/x' }),
      ORIGIN,
    );
    expect(foreign.options.data.trackingUrl).toBeUndefined();
  });

  it('keeps an explicit tag', () => {
    expect(buildPushNotification(JSON.stringify({ title: 't', tag: 'promo' }), ORIGIN).options.tag).toBe(
      'promo',
    );
  });

  it('never sends a click to another site', () => {
    expect(toAppPath('https://evil.example/phish', ORIGIN)).toBe(FALLBACK_URL);
    expect(toAppPath('//evil.example/x', ORIGIN)).toBe(FALLBACK_URL);
    expect(toAppPath(`${ORIGIN}/cabinet/orders/7?tab=files`, ORIGIN)).toBe('/cabinet/orders/7?tab=files');
    expect(toAppPath(42, ORIGIN)).toBe(FALLBACK_URL);
  });
});
