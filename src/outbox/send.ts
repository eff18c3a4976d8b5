/**
 * What every kind of outbox entry shares when it is sent: the environment of a replay (page or
 * service worker), the outcome of one HTTP call as «sent», «try again later» or «refused», and the
 * back-off between tries. No React, DOM or localStorage: the service worker imports it.
 */
import type { OutboxEntry, ServerFieldProblem } from '../db/schema';
import type { ErrorAnswer, OutboxPath } from './contract';

export interface ReplayEnvironment {
  fetch: typeof fetch;
  /** The token to send with an entry: the page's current one, or the entry's in the worker. */
  tokenFor(entry: OutboxEntry): string | null;
  /** True in the service worker: a 401 there waits for the page. */
  inWorker: boolean;
  now?: () => number;
  origin?: string;
  /**
   * The network may be back (the page's 'online' event) or the user asked «Отправить сейчас»:
   * entries that waited only for the network are sent now instead of after their back-off.
   */
  retryNetworkNow?: boolean;
}

const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 5 * 60_000;

export const NETWORK_MESSAGE = 'Нет связи с сервером — отправим, когда появится связь';

export class SendFailure extends Error {
  /** The fields the server named in a refusal, each with its Russian message. */
  problems: ServerFieldProblem[] = [];
  constructor(
    message: string,
    readonly retry: boolean,
    readonly retryAfterMs?: number,
    readonly leaveForPage = false,
  ) {
    super(message);
  }
}

/** The refusal's details that name a field (VALIDATION_ERROR's list; other details are left out). */
export function fieldProblemsOf(body: ErrorBody): ServerFieldProblem[] {
  if (!Array.isArray(body.details)) return [];
  return (body.details as { path?: unknown; message?: unknown }[]).flatMap((detail) =>
    typeof detail?.path === 'string' && typeof detail.message === 'string'
      ? [{ path: detail.path, message: detail.message }]
      : [],
  );
}

/** An error answer as read: any part of the contract's Error may be missing from a broken one. */
export type ErrorBody = Partial<ErrorAnswer>;

export async function readErrorBody(response: Response): Promise<ErrorBody> {
  try {
    return ((await response.json()) as ErrorBody | null) ?? {};
  } catch {
    return {};
  }
}

/** A 2xx answer's JSON, as the contract's response for the call (T) describes it. */
export async function answerOf<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** The server's Russian message, with the first field's message when it adds something. */
export function messageOf(body: ErrorBody): string {
  const first: unknown = Array.isArray(body.details) ? body.details[0] : undefined;
  const detail = (first as { message?: unknown } | undefined)?.message;
  return typeof detail === 'string' && detail && body.message && !body.message.includes(detail)
    ? `${body.message}: ${detail}`
    : (body.message ?? '');
}

export async function failureOf(
  response: Response,
  env: ReplayEnvironment,
  body?: ErrorBody,
): Promise<SendFailure> {
  const read = body ?? (await readErrorBody(response));
  const message = messageOf(read) || `Сервер ответил ошибкой ${response.status}`;
  if (response.status === 401 && env.inWorker) return new SendFailure(message, true, undefined, true);
  const retryAfter = Number(response.headers.get('retry-after'));
  const retry = response.status >= 500 || [408, 409, 425, 429].includes(response.status);
  const failure = new SendFailure(
    message,
    retry,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
  );
  failure.problems = fieldProblemsOf(read);
  return failure;
}

/**
 * One call to the API; a network error (no answer at all) becomes «try again later». A path with
 * a parameter ({id}) is filled from `params`.
 */
export async function call(
  env: ReplayEnvironment,
  path: OutboxPath,
  init: RequestInit,
  params: Record<string, string | number> = {},
): Promise<Response> {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  try {
    return await env.fetch(`${env.origin ?? ''}${filled}`, init);
  } catch {
    throw new SendFailure(NETWORK_MESSAGE, true);
  }
}

/** The headers of a JSON write sent under an entry's Idempotency-Key, as its caller. */
export function writeHeaders(entry: OutboxEntry, token: string | null): Record<string, string> {
  return {
    'content-type': 'application/json',
    'idempotency-key': entry.idempotencyKey,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

/** 5 s doubling up to 5 minutes, ±20 % so many phones coming back online do not all call at once. */
export const backoff = (attempts: number) =>
  Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1)) * (0.8 + Math.random() * 0.4);

/** The state an entry takes after a failed try: pending again with back-off, or failed. */
export function afterFailure(entry: OutboxEntry, failure: SendFailure, now: number): Partial<OutboxEntry> {
  const attempts = failure.leaveForPage ? entry.attempts : entry.attempts + 1;
  return {
    status: failure.retry ? 'pending' : 'failed',
    attempts,
    lastError: failure.message,
    problems: failure.problems,
    nextAttemptAt: failure.leaveForPage ? now : now + (failure.retryAfterMs ?? backoff(attempts)),
    updatedAt: now,
  };
}

/**
 * One try at sending an entry: its outcome, or the failure it threw — its own, or (anything
 * unexpected) «try again later».
 */
export async function attempt<T>(send: () => Promise<T>): Promise<T | SendFailure> {
  try {
    return await send();
  } catch (error) {
    return error instanceof SendFailure ? error : new SendFailure(NETWORK_MESSAGE, true);
  }
}
