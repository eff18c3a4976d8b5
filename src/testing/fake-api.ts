/**
 * A fake API for the screens' component tests: answers by method and path, records every
 * request, and answers 404 in the contract's Error shape for anything not listed.
 */
import { json } from '../api/test-helpers';

type Answer = Response | Promise<Response>;
export type Handler = (request: Request, url: URL) => Answer;

export interface FakeApi {
  (request: Request): Answer;
  calls: { method: string; path: string; query: string; body: unknown }[];
}

export function fakeApi(routes: Record<string, Handler | unknown>): FakeApi {
  const server = (async (request: Request) => {
    const url = new URL(request.url);
    const isJson = (request.headers.get('content-type') ?? '').includes('json');
    const text = isJson ? await request.clone().text() : '';
    server.calls.push({
      method: request.method,
      path: url.pathname,
      query: url.search,
      body: text ? JSON.parse(text) : undefined,
    });
    const route = routes[`${request.method} ${url.pathname}`];
    if (route === undefined) return json({ code: 'NOT_FOUND', message: 'Не найдено' }, 404);
    return typeof route === 'function' ? (route as Handler)(request, url) : json(route);
  }) as FakeApi;
  server.calls = [];
  return server;
}
