/**
 * The public form's two calls that cost something to answer freely: a promo code check (every
 * word tried would enumerate the bureau's codes) and an address suggestion (a paid provider's
 * quota). Each is counted per client address and answers 429 with Retry-After past its limit,
 * in the contract's error shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { PROMO_CHECKS_PER_HOUR_PER_ADDRESS: '5', ADDRESS_SUGGESTIONS_PER_HOUR_PER_ADDRESS: '4' },
  });
});
afterAll(() => server?.close());

const post = (url: string, payload: object, ip: string) =>
  server.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

describe('public limits', () => {
  it('stop promo code guessing from one address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (const code of ['A1', 'B2', 'C3', 'D4', 'WELCOME10', 'E5', 'F6']) {
      statuses.push(
        (await post('/api/form-settings/promocode/validate', { code }, '198.51.100.7')).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await post(
      '/api/form-settings/promocode/validate',
      { code: 'WELCOME10' },
      '198.51.100.7',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Слишком много проверок промокода\. Повторите через/),
      details: { retryAfter: expect.any(Number) },
    });
    // Another customer's address is not held back.
    const other = await post('/api/form-settings/promocode/validate', { code: 'WELCOME10' }, '198.51.100.8');
    expect(other.json()).toMatchObject({ valid: true, code: 'WELCOME10' });
  });

  it('stop an address from burning the suggestions quota', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await post('/api/address/suggest', { query: `Москва, Тверская ${i}` }, '203.0.113.9')).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = await post('/api/address/suggest', { query: 'Москва, Арбат 1' }, '203.0.113.9');
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().message).toMatch(/^Слишком много подсказок адреса/);
  });
});
