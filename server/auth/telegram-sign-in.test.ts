/** Telegram Login Widget sign-in: Telegram's signature rule, its age limits, and no bot token. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { isValidTelegramLogin, signTelegramLogin, telegramDataCheckString } from './telegram';

const BOT_TOKEN = '123456:TEST-bot-token';
const now = () => Math.floor(Date.now() / 1000);

function widgetLogin(
  fields: Partial<{ firstName: string | null; username: string | null; photoUrl: string | null }> = {},
  authDate = now(),
) {
  const login = { telegramId: 987654321, firstName: 'Анна', lastName: null, authDate, ...fields };
  return { ...login, hash: signTelegramLogin(BOT_TOKEN, login) };
}

describe("Telegram's signature", () => {
  it('builds the data-check string from the widget field names, sorted, absent ones left out', () => {
    expect(
      telegramDataCheckString({
        telegramId: 42,
        firstName: 'Анна',
        lastName: null,
        username: 'anna_s',
        authDate: 1795600000,
        hash: 'ignored',
      }),
    ).toBe('auth_date=1795600000\nfirst_name=Анна\nid=42\nusername=anna_s');
  });

  it('matches an HMAC made independently of our helper', async () => {
    const { createHash, createHmac } = await import('node:crypto');
    // One moment for both: two calls to now() can straddle a second and sign another date.
    const authDate = now();
    const dataCheck = `auth_date=${authDate}\nid=7\nusername=bob`;
    const hash = createHmac('sha256', createHash('sha256').update(BOT_TOKEN).digest())
      .update(dataCheck)
      .digest('hex');
    expect(isValidTelegramLogin(BOT_TOKEN, { telegramId: '7', username: 'bob', authDate, hash })).toBe(true);
  });
});

describe('sign-in with Telegram', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN } });
  });
  afterAll(() => server?.close());

  const signIn = (payload: object) => server.app.inject({ method: 'POST', url: '/api/auth', payload });

  it('creates a customer at the first sign-in and finds the same one after', async () => {
    const first = await signIn(widgetLogin({ username: 'anna_tg' }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      hash: null,
      user: { role: 'USER', firstName: 'Анна', email: null },
    });
    const again = await signIn(
      widgetLogin({ username: 'anna_tg', photoUrl: 'https://t.me/i/userpic/1.jpg' }),
    );
    expect(again.json().user.id).toBe(first.json().user.id);
    const profile = await server.app.inject({
      url: '/api/profile',
      headers: { authorization: `Bearer ${again.json().token}` },
    });
    expect(profile.json().profile).toMatchObject({
      telegramId: '987654321',
      username: 'anna_tg',
      photoUrl: 'https://t.me/i/userpic/1.jpg',
    });
  });

  it('refuses a forged signature, another telegramId under a valid hash, and a stale or future login', async () => {
    const valid = widgetLogin();
    const cases = [
      { ...valid, hash: 'f'.repeat(64) },
      { ...valid, telegramId: 1 },
      { ...valid, firstName: 'Мария' },
      widgetLogin({}, now() - 24 * 60 * 60 - 60),
      widgetLogin({}, now() + 10 * 60),
    ];
    for (const payload of cases) {
      const answer = await signIn(payload);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().code).toBe('TELEGRAM_SIGNATURE_INVALID');
    }
  });

  it('answers 503 NOT_CONFIGURED without a bot token', async () => {
    const unconfigured = await startTestServer();
    try {
      const answer = await unconfigured.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: widgetLogin(),
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ code: 'NOT_CONFIGURED', message: 'Вход через Telegram не настроен' });
    } finally {
      await unconfigured.close();
    }
  });
});
