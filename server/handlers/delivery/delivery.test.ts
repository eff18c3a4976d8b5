import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server';

/** A local stand-in for DaData: its behaviour is switched per test. */
let mode: 'ok' | 'error' | 'hang' | 'garbage' = 'ok';
let lastRequest: { authorization?: string; body: unknown } | undefined;
let stub: Server;

const readBody = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text);
};

let configured: TestServer;
let plain: TestServer;

beforeAll(async () => {
  stub = createServer(async (request, response) => {
    lastRequest = { authorization: request.headers.authorization, body: await readBody(request) };
    if (mode === 'hang') return; // never answers: the server's timeout must cut it
    if (mode === 'error') {
      response.writeHead(500).end('boom');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' });
    if (mode === 'garbage') {
      response.end('{"nothing": true}');
      return;
    }
    response.end(
      JSON.stringify({
        suggestions: [
          {
            value: 'г Москва, ул Тверская, д 18 к 1',
            data: { postal_code: '127006', geo_lat: '55.7649', geo_lon: '37.6054' },
          },
          { value: 'г Москва, ул Тверская', data: { postal_code: null, geo_lat: null, geo_lon: null } },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const { port } = stub.address() as AddressInfo;
  [configured, plain] = await Promise.all([
    startTestServer({
      env: {
        DADATA_API_KEY: 'secret-key',
        DADATA_SUGGEST_URL: `http://127.0.0.1:${port}/suggest/address`,
        MAP_STYLE_URL: 'http://127.0.0.1:1/style.json',
      },
    }),
    startTestServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([configured?.close(), plain?.close()]);
  stub?.closeAllConnections();
  await new Promise((resolve) => stub?.close(resolve));
});

const suggest = (server: TestServer, payload: unknown) =>
  server.app.inject({ method: 'POST', url: '/api/address/suggest', payload: payload as object });

describe('address suggestions', () => {
  it('passes the query to the provider with the key and answers the contract shape', async () => {
    mode = 'ok';
    const answer = await suggest(configured, { query: 'Москва, Тверская 18', count: 5 });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      available: true,
      suggestions: [
        { value: 'г Москва, ул Тверская, д 18 к 1', postalCode: '127006', lat: 55.7649, lon: 37.6054 },
        { value: 'г Москва, ул Тверская', postalCode: null, lat: null, lon: null },
      ],
    });
    expect(lastRequest).toEqual({
      authorization: 'Token secret-key',
      body: { query: 'Москва, Тверская 18', count: 5 },
    });
    // The key stays on the server.
    expect(answer.body).not.toContain('secret-key');
  });

  it('says suggestions are unavailable when no provider is configured', async () => {
    const answer = await suggest(plain, { query: 'Москва, Тверская 18' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ suggestions: [], available: false });
  });

  it.each(['error', 'garbage', 'hang'] as const)(
    'never answers 5xx when the provider fails (%s)',
    async (failure) => {
      mode = failure;
      const started = Date.now();
      const answer = await suggest(configured, { query: 'Москва, Тверская 18' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ suggestions: [], available: false });
      expect(Date.now() - started).toBeLessThan(4000);
    },
  );

  it('refuses a too short query in the Error schema', async () => {
    const answer = await suggest(configured, { query: 'Мо' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('map configuration', () => {
  it('gives the configured style and the raster tiles without signing in', async () => {
    const answer = await configured.app.inject({ url: '/api/map/config' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      styleUrl: 'http://127.0.0.1:1/style.json',
      rasterTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
  });
});

describe('courier price', () => {
  it('answers 404 in Russian while no courier service is connected, so the tariff applies', async () => {
    const answer = await plain.app.inject({
      method: 'POST',
      url: '/api/order/cdek-delivery/check-price',
      payload: { to: 'Москва, ул. Профсоюзная, 56' },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({
      code: 'COURIER_NOT_CONNECTED',
      message: 'Расчёт стоимости курьерской службой не подключён: действует тариф доставки',
    });
  });

  it('refuses an unknown courier service', async () => {
    const answer = await plain.app.inject({
      method: 'POST',
      url: '/api/order/pony-delivery/check-price',
      payload: { to: 'Москва' },
    });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
  });
});
