/** For the outbox's tests: a fake API that records each call and answers from a script, and an order body. */
import type { OrderCreate } from '../db/schema';
import { replayOrderFiles } from './order-files';
import { replayOrderMessage } from './order-messages';
import type { ReplayOptions } from './replay';

export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = Response | 'offline';

/** Answers each call with the script's next step, in order ('offline': the network fails). */
export function fakeServer(script: ((call: Call) => Answer | Promise<Answer>)[]) {
  const calls: Call[] = [];
  let clock = Date.now() + 1;
  const env: ReplayOptions = {
    inWorker: false,
    orderFiles: async () => replayOrderFiles,
    orderMessages: async () => replayOrderMessage,
    tokenFor: (entry) => (entry.payload as { token?: string | null }).token ?? null,
    now: () => clock,
    fetch: (async (url: string, init: RequestInit) => {
      const call: Call = {
        method: init.method ?? 'GET',
        path: url,
        headers: (init.headers ?? {}) as Record<string, string>,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      };
      calls.push(call);
      const answer = (await script.shift()?.(call)) ?? new Response('{}', { status: 500 });
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      return answer;
    }) as typeof fetch,
  };
  return { calls, env, advance: (ms: number) => (clock += ms) };
}

/** POST /api/order's answer for a new order. */
export const orderCreated = (id = 42) =>
  new Response(
    JSON.stringify({
      order: {
        id,
        number: `2611-${String(id).padStart(5, '0')}`,
        amount: 4450,
        nextSteps: ['Менеджер проверит документы и подтвердит стоимость.'],
      },
      replayed: false,
    }),
    { status: 201 },
  );

/** A complete order as the form's last step sends it. */
export const anOrder = (patch: Partial<OrderCreate> = {}): OrderCreate => ({
  name: 'Анна',
  phoneNumber: '+7 916 123-45-67',
  email: 'anna@example.ru',
  originalLanguage: 'ru',
  targetLanguage: 'en',
  orderDocuments: [{ documentId: 1, quantity: 1, assuranceIds: [] }],
  payerType: 'INDIVIDUAL',
  deliveryType: 'OFFICE',
  deliveryId: 1,
  personalDataConsent: true,
  ...patch,
});
