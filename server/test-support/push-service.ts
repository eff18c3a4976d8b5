/**
 * A local web push service for tests: web-push-testing's push service model behind a plain
 * node:http server in the test process. It hands out subscriptions like a browser's push service,
 * checks the VAPID signature, decrypts what arrives, and can expire a subscription so that the
 * next message is answered 410.
 *
 * Its own express front end is not used: the project's npm overrides (content-disposition 2)
 * break express 4 at load time, and the model is all the tests need.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

export interface TestPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface TestPushService {
  subscribe(vapidPublicKey: string): Promise<TestPushSubscription>;
  /** The decrypted messages the subscription received so far. */
  messages(clientHash: string): Promise<string[]>;
  expire(clientHash: string): Promise<void>;
  /** How many messages the service answered, by status (201, 410, …). */
  answers: Map<number, number>;
  close(): Promise<void>;
}

interface PushApiModel {
  notifyUrl: string;
  createSubscription(options: { applicationServerKey: string }): Promise<TestPushSubscription>;
  handleNotification(
    clientHash: string,
    headers: Record<string, string | undefined>,
    body: Buffer,
  ): Promise<void>;
  getNotifications(body: { clientHash: string }): { messages: string[] };
  expireSubscription(clientHash: string): void;
}

const model = createRequire(import.meta.url)('web-push-testing/src/PushApiModel.js') as {
  PushApiModel: new () => PushApiModel;
  SubscriptionExpiredError: new () => Error;
};

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startTestPushService(): Promise<TestPushService> {
  const api = new model.PushApiModel();
  const answers = new Map<number, number>();
  const server = createServer(async (request, response) => {
    const clientHash = /^\/notify\/([0-9a-f]+)$/.exec(request.url ?? '')?.[1];
    const body = await bodyOf(request);
    let status = 404;
    if (request.method === 'POST' && clientHash) {
      try {
        await api.handleNotification(
          clientHash,
          {
            encoding: request.headers['content-encoding'],
            encryption: request.headers.encryption as string | undefined,
            cryptoKey: request.headers['crypto-key'] as string | undefined,
            authorization: request.headers.authorization,
            ttl: request.headers.ttl as string | undefined,
          },
          body,
        );
        status = 201;
      } catch (error) {
        status = error instanceof model.SubscriptionExpiredError ? 410 : 400;
      }
    }
    answers.set(status, (answers.get(status) ?? 0) + 1);
    response.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.notifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify/`;
  return {
    answers,
    subscribe: (vapidPublicKey) => api.createSubscription({ applicationServerKey: vapidPublicKey }),
    messages: async (clientHash) => api.getNotifications({ clientHash }).messages,
    expire: async (clientHash) => api.expireSubscription(clientHash),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
