/** Builders shared by the gateway's tests: a fake server answer and a client on a fake page. */
import { type ApiEnvironment, createApi } from './client';
import { type KeyValueStore, memoryStore } from './local-store';

export const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
export const CABINET_JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyIn0.Y2FiaW5ldA';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export interface FakePage {
  pathname: string;
  search: string;
  store: KeyValueStore;
  requests: Request[];
  visited: string[];
  answer: (request: Request) => Response | Promise<Response>;
}

export function fakePage(pathname: string, tokens: Record<string, string> = {}) {
  const page: FakePage = {
    pathname,
    search: '',
    store: memoryStore(tokens),
    requests: [],
    visited: [],
    answer: () => json({}),
  };
  const env: ApiEnvironment = {
    baseUrl: 'http://app.test',
    store: page.store,
    location: () => ({ pathname: page.pathname, search: page.search }),
    navigate: (href) => void page.visited.push(href),
    fetch: async (request) => {
      page.requests.push(request);
      return page.answer(request);
    },
  };
  return { page, env, api: (extra: Partial<ApiEnvironment> = {}) => createApi({ ...env, ...extra }) };
}
