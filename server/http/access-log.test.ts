// The server's log at info level: one line per answered request, with what an operator greps for.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server';

let server: TestServer;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  server = await startTestServer({ logger: pino({ level: 'info' }, sink) });
});
afterAll(async () => {
  await server?.close();
});

describe('access log', () => {
  it('writes one line per answered request: method, address, status and time, with its request id', async () => {
    lines.length = 0;
    await server.app.inject({ url: '/api/order/form-params' });
    await server.app.inject({ url: '/api/no-such-thing?x=1' });
    await server.app.inject({ url: '/api/auth/session' });
    // Fastify's own pair (incoming request, request completed) would make six lines here.
    const requests = lines.filter(
      (line) => line.msg === 'incoming request' || line.msg === 'request completed',
    );
    expect(requests.map((line) => [line.msg, line.method, line.url, line.statusCode])).toEqual([
      ['request completed', 'GET', '/api/order/form-params', 200],
      ['request completed', 'GET', '/api/no-such-thing?x=1', 404],
      ['request completed', 'GET', '/api/auth/session', 401],
    ]);
    expect(requests.every((line) => typeof line.responseTime === 'number')).toBe(true);
    expect(new Set(requests.map((line) => line.reqId)).size).toBe(3);
  });
});
