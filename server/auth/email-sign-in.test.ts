/**
 * Sign-in by emailed code and by one-time link, through the HTTP API, reading the emails the
 * server wrote to DATA_DIR/outbox as a customer would read their mailbox.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, magicLinks, rateLimits, users } from '../db/schema';
import { createUser } from '../test-support/fixtures';
import { listOutbox, signInCodeOf, waitForEmail } from '../test-support/outbox';
import { startTestServer, type TestServer } from '../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    // The default limit of codes per address, which a test below checks (the suites raise it).
    env: {
      PUBLIC_URL: 'https://perevod.example.ru',
      PAYMENTS_DEMO: 'true',
      SIGN_IN_CODES_PER_HOUR_PER_ADDRESS: '30',
    },
  });
});
afterAll(() => server?.close());

let address = 0;
/** Each test from its own client address, so the per-address limits stay out of its way. */
const nextAddress = () => `198.51.100.${++address}`;

const post = (url: string, payload: object, remoteAddress = '203.0.113.1') =>
  server.app.inject({ method: 'POST', url, payload, remoteAddress });

async function requestCode(email: string, remoteAddress = nextAddress()) {
  const seen = listOutbox(server.context.config.dataDir);
  const response = await post('/api/auth/email/request-code', { email }, remoteAddress);
  expect(response.statusCode, response.body).toBe(200);
  const mail = await waitForEmail(server.context.config.dataDir, {
    to: email.trim().toLowerCase(),
    template: 'sign-in-code',
    seen,
  });
  return { response, mail, ...signInCodeOf(mail) };
}

const verify = (email: string, verificationCode: string, remoteAddress = nextAddress()) =>
  post('/api/auth/email/verify', { email, verificationCode }, remoteAddress);

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in by emailed code', () => {
  it('emails a code and a one-time link; the code signs a new email in as a new customer', async () => {
    const { response, mail, code, link } = await requestCode('Nina.Petrova@Example.ru');
    expect(response.json()).toEqual({
      success: true,
      message: 'Код отправлен на nina.petrova@example.ru',
      resendAfter: 60,
    });
    expect(mail.file).toMatch(
      /\/outbox\/\d{4}-\d\d-\d\dT[\d:.]+Z-nina\.petrova@example\.ru-sign-in-code\.eml$/,
    );
    expect(mail.to).toBe('nina.petrova@example.ru');
    expect(mail.subject).toBe(`Код для входа: ${code}`);
    expect(mail.text).toContain(code);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(code);
    expect(link).toMatch(
      /^https:\/\/perevod\.example\.ru\/\?pwa=true&hash=[\w-]{43}&email=nina\.petrova%40example\.ru$/,
    );

    const signedIn = await verify('nina.petrova@example.ru', code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const result = signedIn.json();
    expect(result).toMatchObject({ hash: null, user: { role: 'USER', email: 'nina.petrova@example.ru' } });
    const profile = await server.app.inject({
      url: '/api/profile',
      headers: { authorization: `Bearer ${result.token}` },
    });
    expect(profile.json().profile.email).toBe('nina.petrova@example.ru');
  });

  it('stores only a keyed hash of the code, never the code', async () => {
    const { code } = await requestCode('hash-only@example.ru');
    const [row] = await server.context.db
      .select()
      .from(emailCodes)
      .where(eq(emailCodes.email, 'hash-only@example.ru'));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('answers a known and an unknown email alike', async () => {
    await createUser(server.context, { email: 'known-customer@example.ru' });
    const known = await post('/api/auth/email/request-code', { email: 'known-customer@example.ru' });
    const unknown = await post('/api/auth/email/request-code', { email: 'never-seen-1@example.ru' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual({
      ...unknown.json(),
      message: 'Код отправлен на known-customer@example.ru',
    });
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
  });

  it('refuses the sixth try even with the right code: five wrong ones burn it', async () => {
    const email = 'five-tries@example.ru';
    const { code } = await requestCode(email);
    const wrong = wrongCodeFor(code);
    for (let left = 4; left >= 0; left--) {
      const answer = await verify(email, wrong);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({
        code: 'INVALID_CODE',
        message: `Неверный код. Осталось попыток: ${left}`,
      });
    }
    const sixth = await verify(email, code);
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json()).toEqual({
      code: 'CODE_EXPIRED',
      message: 'Код устарел или уже использован. Запросите новый.',
    });
  });

  it('counts parallel guesses too: no more than five are ever compared', async () => {
    const email = 'parallel@example.ru';
    const { code } = await requestCode(email);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => verify(email, wrongCodeFor(String(Number(code) + i)))),
    );
    expect(guesses.filter((g) => g.json().code === 'INVALID_CODE')).toHaveLength(5);
    expect((await verify(email, code)).json().code).toBe('CODE_EXPIRED');
  });

  it('refuses an expired code and a used one', async () => {
    const email = 'expired-code@example.ru';
    const { code } = await requestCode(email);
    await server.context.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailCodes.email, email));
    expect((await verify(email, code)).json().code).toBe('CODE_EXPIRED');

    await server.context.db.delete(rateLimits);
    const fresh = await requestCode(email);
    expect((await verify(email, fresh.code)).statusCode).toBe(200);
    expect((await verify(email, fresh.code)).json().code).toBe('CODE_EXPIRED');
  });

  it("keeps the owner's code valid when a stranger asks for another", async () => {
    const email = 'kept@example.ru';
    const owners = await requestCode(email, '192.0.2.10');
    const strangers = await requestCode(email, '192.0.2.66');
    expect((await verify(email, owners.code, '192.0.2.10')).statusCode).toBe(200);
    // Both were live; the one used is gone, the other still signs in once.
    if (strangers.code !== owners.code) expect((await verify(email, strangers.code)).statusCode).toBe(200);
  });

  it('keeps only the three newest codes', async () => {
    const email = 'three-live@example.ru';
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await requestCode(email)).code);
    if (!codes.slice(1).includes(codes[0] ?? ''))
      expect((await verify(email, codes[0] ?? '')).json().code).toBe('INVALID_CODE');
    expect((await verify(email, codes[3] ?? '')).statusCode).toBe(200);
  });

  it('refuses a blocked user with the reason, after the right code', async () => {
    await createUser(server.context, { email: 'blocked@example.ru' });
    await server.context.db
      .update(users)
      .set({ isBlocked: true, blockReason: 'спам' })
      .where(eq(users.email, 'blocked@example.ru'));
    const { code } = await requestCode('blocked@example.ru');
    const answer = await verify('blocked@example.ru', code);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ code: 'USER_BLOCKED', message: 'Доступ заблокирован: спам' });
  });
});

describe('request limits', () => {
  it('allows one code a minute per email and address: 429 with retryAfter and Retry-After', async () => {
    await requestCode('once-a-minute@example.ru', '192.0.2.20');
    const stranger = await post(
      '/api/auth/email/request-code',
      { email: 'once-a-minute@example.ru' },
      nextAddress(),
    );
    expect(stranger.statusCode).toBe(200);
    const again = await post(
      '/api/auth/email/request-code',
      { email: 'once-a-minute@example.ru' },
      '192.0.2.20',
    );
    expect(again.statusCode).toBe(429);
    const { retryAfter } = again.json().details;
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(again.json()).toEqual({
      code: 'RATE_LIMITED',
      message: `Слишком много запросов. Повторите через ${retryAfter} с.`,
      details: { retryAfter },
    });
    expect(again.headers['retry-after']).toBe(String(retryAfter));
  });

  it('allows twenty codes an hour per email, from any addresses', async () => {
    const email = 'twenty-an-hour@example.ru';
    for (let i = 0; i < 20; i++) {
      expect((await post('/api/auth/email/request-code', { email }, nextAddress())).statusCode).toBe(200);
    }
    const overCeiling = await post('/api/auth/email/request-code', { email }, nextAddress());
    expect(overCeiling.statusCode).toBe(429);
    expect(overCeiling.json().details.retryAfter).toBeGreaterThan(3000);
  });

  it('allows thirty requests an hour from one address, whatever the emails', async () => {
    const from = nextAddress();
    for (let i = 0; i < 30; i++) {
      expect(
        (await post('/api/auth/email/request-code', { email: `spray-${i}@example.ru` }, from)).statusCode,
      ).toBe(200);
    }
    const thirtyFirst = await post('/api/auth/email/request-code', { email: 'spray-31@example.ru' }, from);
    expect(thirtyFirst.statusCode).toBe(429);
    expect(
      (await post('/api/auth/email/request-code', { email: 'spray-31@example.ru' }, nextAddress()))
        .statusCode,
    ).toBe(200);
  });
});

describe('sign-in by one-time link', () => {
  it('signs in once; the same link again is refused', async () => {
    const email = 'link-user@example.ru';
    const { hash } = await requestCode(email);
    const first = await post('/api/auth/hash', { email, hash });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ hash: null, user: { email, role: 'USER' } });
    const again = await post('/api/auth/hash', { email, hash });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({
      code: 'LINK_INVALID',
      message: 'Ссылка для входа недействительна или устарела. Войдите по коду из письма.',
    });
  });

  it('refuses an expired link, another email’s link and a made-up one', async () => {
    const email = 'link-expired@example.ru';
    const { hash } = await requestCode(email);
    expect((await post('/api/auth/hash', { email: 'someone-else@example.ru', hash })).json().code).toBe(
      'LINK_INVALID',
    );
    await server.context.db
      .update(magicLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(magicLinks.email, email));
    expect((await post('/api/auth/hash', { email, hash })).json().code).toBe('LINK_INVALID');
    expect((await post('/api/auth/hash', { email, hash: 'A'.repeat(43) })).statusCode).toBe(401);
  });

  it('stores only the SHA-256 of the link', async () => {
    const { hash } = await requestCode('link-digest@example.ru');
    const rows = await server.context.db
      .select()
      .from(magicLinks)
      .where(eq(magicLinks.email, 'link-digest@example.ru'));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(hash);
  });
});
