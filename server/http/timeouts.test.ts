import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { startTestServer, type TestServer } from '../test-support/test-server';
import type { ServerTimeouts } from './timeouts';

/** Small limits so the test sees them act in a few seconds; the real ones are in SERVER_TIMEOUTS. */
const TEST_TIMEOUTS: ServerTimeouts = {
  requestMs: 3_000,
  bodyMs: 1_000,
  headersMs: 1_000,
  idleMs: 2_000,
  keepAliveMs: 500,
  checkIntervalMs: 250,
};

/** Opens a socket, sends `head`, then one byte every `everyMs`; resolves with ms until closed. */
function trickle(port: number, head: string, everyMs: number, limitMs: number): Promise<number> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(head));
    const drip = setInterval(() => socket.writable && socket.write('a'), everyMs);
    const giveUp = setTimeout(() => socket.destroy(), limitMs);
    socket.on('data', () => {});
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      resolve(Date.now() - started);
    });
  });
}

describe('slow clients are cut off', () => {
  let server: TestServer;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer();
    app = await buildApp({ context: server.context, timeouts: TEST_TIMEOUTS });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it('closes sockets trickling headers, JSON bodies and uploads within their limits', async () => {
    const json =
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
    const upload =
      'POST /api/uploads HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n';
    // Twenty sockets of each kind, one byte every 200 ms: never idle, never finished.
    const kinds = [
      { head: 'GET / HTTP/1.1\r\nX-Slow: ', limit: TEST_TIMEOUTS.headersMs },
      { head: json, limit: TEST_TIMEOUTS.bodyMs },
      { head: upload, limit: TEST_TIMEOUTS.requestMs },
    ];
    const results = await Promise.all(
      kinds.map(async ({ head, limit }) => {
        const times = await Promise.all(Array.from({ length: 20 }, () => trickle(port, head, 200, 15_000)));
        return { limit, slowest: Math.max(...times), fastest: Math.min(...times) };
      }),
    );
    for (const { limit, slowest, fastest } of results) {
      // Closed after the limit, and no later than the limit plus Node's check interval and slack.
      expect(fastest).toBeGreaterThanOrEqual(limit - 100);
      expect(slowest).toBeLessThan(limit + TEST_TIMEOUTS.checkIntervalMs + 1_500);
    }
  }, 30_000);

  it('closes a socket that sends nothing after connecting', async () => {
    const closedAfter = await trickle(port, '', 60_000, 15_000);
    expect(closedAfter).toBeLessThan(TEST_TIMEOUTS.headersMs + TEST_TIMEOUTS.idleMs + 1_000);
  }, 20_000);

  it('still answers an ordinary request', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/api/auth/session`);
    expect(answer.status).toBe(401);
  });
});
