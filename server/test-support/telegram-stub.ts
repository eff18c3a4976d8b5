/**
 * A local stand-in for the Telegram Bot API (https://core.telegram.org/bots/api), answering the
 * calls the bot makes, in Telegram's shapes, at `${apiUrl}/bot<token>/<method>`: getMe,
 * sendMessage (recorded, with the time it arrived), setWebhook and deleteWebhook (recorded), and
 * getUpdates as a long poll the test feeds with `pushUpdate`. A test can make the next sends
 * answer 429 with retry_after, or 403 as for a user who blocked the bot.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentMessage {
  chatId: string;
  text: string;
  at: number;
}

export type StubFailure = { status: 429; retryAfter: number } | { status: 403 } | { status: 500 };

export interface TelegramStub {
  apiUrl: string;
  token: string;
  username: string;
  /** Every sendMessage that was answered ok, in order. */
  messages: SentMessage[];
  /** Every call: method, body, and when it arrived (ms). */
  calls: { method: string; body: Record<string, unknown>; at: number }[];
  /** The next sendMessage calls (to any chat, or only to `chatId`) fail like this, one each. */
  failNextSends(failures: StubFailure[], chatId?: string): void;
  /** An update for the bot's next getUpdates (long polling). */
  pushUpdate(update: Record<string, unknown>): void;
  /** A message update from a private chat, as Telegram sends it. */
  textUpdate(chatId: number, text: string): Record<string, unknown>;
  close(): Promise<void>;
}

/** The environment that points a test server's bot at the stub. */
export const telegramEnv = (stub: TelegramStub, more: Record<string, string> = {}) => ({
  TELEGRAM_BOT_TOKEN: stub.token,
  TELEGRAM_API_URL: stub.apiUrl,
  ...more,
});

export async function startTelegramStub(username = 'perevod_test_bot'): Promise<TelegramStub> {
  const token = '123456:TEST-stub-token';
  const messages: SentMessage[] = [];
  const calls: TelegramStub['calls'] = [];
  const failures: { failure: StubFailure; chatId: string | undefined }[] = [];
  const updates: Record<string, unknown>[] = [];
  let waiting: (() => void) | undefined;
  let nextUpdateId = 1;
  let nextMessageId = 1;
  let closing = false;

  const ok = (response: ServerResponse, result: unknown) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
  const fail = (response: ServerResponse, status: number, description: string, parameters?: object) =>
    response
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify({ ok: false, error_code: status, description, ...(parameters && { parameters }) }));

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(request.url ?? '/', 'http://stub').pathname);
    if (!match || match[1] !== token) return fail(response, 401, 'Unauthorized');
    const method = match[2] as string;
    calls.push({ method, body, at: Date.now() });

    if (method === 'getMe')
      return ok(response, { id: 123456, is_bot: true, first_name: 'Бюро переводов', username });
    if (method === 'setWebhook' || method === 'deleteWebhook') return ok(response, true);
    if (method === 'sendMessage') {
      const chatId = String(body.chat_id);
      const index = failures.findIndex((f) => f.chatId === undefined || f.chatId === chatId);
      if (index >= 0) {
        const { failure } = failures.splice(index, 1)[0] as { failure: StubFailure };
        if (failure.status === 429)
          return fail(response, 429, `Too Many Requests: retry after ${failure.retryAfter}`, {
            retry_after: failure.retryAfter,
          });
        if (failure.status === 403) return fail(response, 403, 'Forbidden: bot was blocked by the user');
        return fail(response, 500, 'Internal Server Error');
      }
      const sent = { chatId, text: String(body.text), at: Date.now() };
      messages.push(sent);
      return ok(response, {
        message_id: nextMessageId++,
        date: Math.floor(sent.at / 1000),
        chat: { id: Number(chatId), type: 'private' },
        text: sent.text,
      });
    }
    if (method === 'getUpdates') {
      const offset = Number(body.offset ?? 0);
      const fresh = () => updates.filter((update) => Number(update.update_id) >= offset);
      // A long poll, held a second at most here so a stopping bot is not kept waiting.
      if (fresh().length === 0 && !closing) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 1000);
          waiting = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        waiting = undefined;
      }
      return ok(response, fresh());
    }
    return fail(response, 404, 'Not Found: method not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiUrl: `http://127.0.0.1:${port}`,
    token,
    username,
    messages,
    calls,
    failNextSends(list, chatId) {
      for (const failure of list) failures.push({ failure, chatId });
    },
    pushUpdate(update) {
      updates.push(update);
      waiting?.();
    },
    textUpdate(chatId, text) {
      const updateId = nextUpdateId++;
      const entities = text.startsWith('/')
        ? [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }]
        : undefined;
      return {
        update_id: updateId,
        message: {
          message_id: updateId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private', first_name: 'Анна' },
          from: { id: chatId, is_bot: false, first_name: 'Анна', language_code: 'ru' },
          text,
          ...(entities && { entities }),
        },
      };
    },
    async close() {
      closing = true;
      waiting?.();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
