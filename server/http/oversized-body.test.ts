/**
 * A JSON body over the limit, sent over a real socket the way a network delivers it (in pieces,
 * while the server is already checking the caller's session): the client reads 413 in the
 * contract's error shape, never a reset connection. Injected requests cannot show this: they
 * have no socket to reset.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInTestUser, signInAs } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';

let server: TestServer;
let customer: SignedInTestUser;
let port: number;
beforeAll(async () => {
  server = await startTestServer();
  customer = await signInAs(server.context, 'USER');
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as { port: number }).port;
});
afterAll(() => server?.close());

/** Sends the body in 64 KB pieces with a pause between them; resolves with the answer or the error. */
function trickle(method: string, path: string, headers: Record<string, string>, body: Buffer) {
  return new Promise<{ status?: number; body?: string; error?: string }>((resolve) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(body.length) },
      },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk) => {
          text += chunk;
        });
        answer.on('end', () => resolve({ status: answer.statusCode, body: text }));
      },
    );
    outgoing.on('error', (error) => resolve({ error: String(error) }));
    let sent = 0;
    const next = () => {
      if (sent >= body.length) return void outgoing.end();
      const more = outgoing.write(body.subarray(sent, sent + 65_536));
      sent += 65_536;
      if (more) setTimeout(next, 2);
      else outgoing.once('drain', () => setTimeout(next, 2));
    };
    next();
  });
}

describe('a 10 MB JSON body', () => {
  it('to PATCH /api/profile answers 413 in the error shape, not a reset connection', async () => {
    const body = Buffer.from(JSON.stringify({ firstName: 'x'.repeat(10 * 1024 * 1024) }));
    const answer = await trickle('PATCH', '/api/profile', customer.headers, body);
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body ?? '{}')).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Тело запроса превышает допустимый размер',
    });
  });
});
