/**
 * The API gateway: the only module that talks to openapi-fetch. One typed client over the
 * contract (schema.gen.ts) with the rules of docs/sessions-and-tokens.md as middleware:
 * - the token of the call's login context (crm_token or cabinet_token, by the current path or the
 *   call's `kind`), repaired before use; none on public operations;
 * - a required-token call with no token is cancelled locally (401 «Требуется авторизация»);
 * - a token that has run out (or will within a minute) is refreshed first, once per context however
 *   many calls wait for it (the server accepts an expired token on /api/auth/refresh while the
 *   session lives);
 * - a 401 signs that context out and sends the user to its login page 300 ms later;
 * - every failure is thrown as an ApiError; no answer at all is status 0, «Сервер недоступен…»;
 * - successful cacheable GETs are written to IndexedDB for offline use.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { type CacheParams, cacheKey, type ResponseCache } from '../db/cache';
import type { CacheContext } from '../db/schema';
import { type ApiKind, type AuthContext, contextForPath, isApiKind, LOGIN_PATHS } from './context';
import { authRequiredError, errorFromResponse, networkError } from './errors';
import { type KeyValueStore, localStore } from './local-store';
import {
  isCacheableGet,
  isLogout,
  mayGoWithoutToken,
  type OperationSecurity,
  operationSecurity,
} from './operation-security';
import type { paths } from './schema.gen';
import { needsRefresh } from './token-expiry';
import { clearSession, readToken, writeToken } from './tokens';

export type ApiClient = Client<paths>;

/** Delay between a 401 and the login page, so a notice can be read. */
export const UNAUTHORIZED_REDIRECT_MS = 300;

export interface ApiEnvironment {
  /** '' in the browser (same origin); an absolute origin in tests. */
  baseUrl?: string;
  fetch?: (request: Request) => Promise<Response>;
  store?: KeyValueStore;
  location?: () => { pathname: string; search: string };
  navigate?: (href: string) => void;
  cache?: ResponseCache | null;
  now?: () => number;
}

export interface Api {
  client: ApiClient;
  /** Where a 401 sends the user; the app plugs in the router so the page is not reloaded. */
  setNavigate(navigate: (href: string) => void): void;
  /** A 401 ended a context's session; the session stores listen to show it signed out. */
  onUnauthorized(listener: (context: AuthContext) => void): () => void;
  /** A context's token was replaced by POST /api/auth/refresh. */
  onTokenRefreshed(listener: (context: AuthContext, token: string) => void): () => void;
  /**
   * Asks for a fresh token of the context: one call in flight per context, however many ask.
   * Resolves with the new token, or null when there was none to refresh or the server could not
   * be reached. A 401 answer signs the context out as any 401 does.
   */
  refreshToken(context: AuthContext): Promise<string | null>;
  /** Signs a context out on this device: its stored session and its cached answers go. */
  forget(context: AuthContext): void;
  location(): { pathname: string; search: string };
}

const REFRESH_PATH = '/api/auth/refresh';

/** The context a call runs in: its declared kind, else the one of the page it is made from. */
export function resolveCallContext(kind: unknown, pathname: string): ApiKind {
  if (kind === undefined) return contextForPath(pathname);
  if (!isApiKind(kind)) throw new TypeError(`Unknown API kind: ${String(kind)}`);
  return kind;
}

/** Public answers are the same for everyone, so they share one cache entry. */
export function cacheContextOf(security: OperationSecurity, context: ApiKind): CacheContext {
  return security === 'public' ? 'public' : context;
}

interface CallState {
  context: ApiKind;
  security: OperationSecurity;
}

function isJson(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').includes('json') && response.status !== 204;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

export function createApi(env: ApiEnvironment = {}): Api {
  const store = env.store ?? localStore();
  const location = env.location ?? (() => globalThis.location);
  const now = env.now ?? Date.now;
  const cache = env.cache ?? null;
  let navigate = env.navigate ?? ((href: string) => globalThis.location.assign(href));
  const unauthorizedListeners = new Set<(context: AuthContext) => void>();
  const refreshedListeners = new Set<(context: AuthContext, token: string) => void>();
  const calls = new Map<string, CallState>();
  const refreshes = new Map<AuthContext, Promise<string | null>>();
  let redirectTimer: ReturnType<typeof setTimeout> | undefined;

  function forget(context: AuthContext): void {
    clearSession(context, store);
    cache?.clearContext(context).catch(() => undefined);
  }

  function sessionExpired(context: AuthContext): void {
    forget(context);
    for (const listener of unauthorizedListeners) listener(context);
    const loginPath = LOGIN_PATHS[context];
    const here = location();
    if (redirectTimer !== undefined || here.pathname === loginPath) return;
    const href = `${loginPath}?redirect=${encodeURIComponent(here.pathname + here.search)}`;
    redirectTimer = setTimeout(() => {
      redirectTimer = undefined;
      navigate(href);
    }, UNAUTHORIZED_REDIRECT_MS);
  }

  async function writeThrough(
    request: Request,
    response: Response,
    schemaPath: string,
    params: CacheParams,
    call: CallState,
  ) {
    if (!cache || !isCacheableGet(request.method, schemaPath) || !isJson(response)) return;
    try {
      const context = cacheContextOf(call.security, call.context);
      await cache.write({
        key: cacheKey(context, schemaPath, params),
        context,
        operation: schemaPath,
        value: await response.clone().json(),
        fetchedAt: now(),
        ...(response.headers.get('etag') ? { etag: response.headers.get('etag') ?? '' } : {}),
      });
    } catch {
      // A full or unavailable IndexedDB must not fail the call: the screen still gets its data.
    }
  }

  function refreshToken(context: AuthContext): Promise<string | null> {
    let flight = refreshes.get(context);
    if (!flight) {
      flight = (async () => {
        if (!readToken(context, store)) return null;
        try {
          const { data } = await client.POST(REFRESH_PATH, { kind: context });
          if (!data?.token) return null;
          writeToken(context, data.token, store);
          for (const listener of refreshedListeners) listener(context, data.token);
          return data.token;
        } catch (error) {
          console.warn(`Token refresh (${context}) failed`, error);
          return null;
        }
      })().finally(() => refreshes.delete(context));
      refreshes.set(context, flight);
    }
    return flight;
  }

  const middleware: Middleware = {
    async onRequest({ request, schemaPath, id }) {
      const context = resolveCallContext((request as Request & { kind?: unknown }).kind, location().pathname);
      const security = operationSecurity(request.method, schemaPath);
      let token = security === 'public' || context === 'public' ? null : readToken(context, store);
      if (token && context !== 'public' && schemaPath !== REFRESH_PATH && needsRefresh(token, now())) {
        await refreshToken(context);
        // The fresh token; the old one if the server was out of reach; none after a 401.
        token = readToken(context, store);
      }
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      else request.headers.delete('Authorization');
      if (!token && security === 'required' && !mayGoWithoutToken(schemaPath)) throw authRequiredError();
      calls.set(id, { context, security });
      return request;
    },
    async onResponse({ request, response, schemaPath, params, id }) {
      const call = calls.get(id);
      calls.delete(id);
      if (!call) return undefined;
      if (response.ok) {
        await writeThrough(request, response, schemaPath, params, call);
        return undefined;
      }
      // Sign-in calls (public) answer 401 for a wrong code or password: the page shows it.
      if (
        response.status === 401 &&
        call.context !== 'public' &&
        call.security !== 'public' &&
        !isLogout(request.method, schemaPath)
      ) {
        sessionExpired(call.context);
      }
      throw await errorFromResponse(response);
    },
    onError({ error, id }) {
      calls.delete(id);
      if (isAbort(error)) return undefined; // the caller cancelled: pass its AbortError through
      return networkError(error);
    },
  };

  const client = createClient<paths>({
    baseUrl: env.baseUrl ?? '',
    credentials: 'include',
    // Late-bound so tests and the service worker shim see the current global fetch.
    fetch: env.fetch ?? ((request) => globalThis.fetch(request)),
  });
  client.use(middleware);

  return {
    client,
    setNavigate: (next) => {
      navigate = next;
    },
    onUnauthorized: (listener) => {
      unauthorizedListeners.add(listener);
      return () => unauthorizedListeners.delete(listener);
    },
    onTokenRefreshed: (listener) => {
      refreshedListeners.add(listener);
      return () => refreshedListeners.delete(listener);
    },
    refreshToken,
    forget,
    location,
  };
}

/**
 * The result's data, typed without `undefined`. Failures never get here: the middleware throws
 * them as ApiError, so `const orders = unwrap(await api.GET('/api/user/orders'))` is all it takes.
 */
export function unwrap<R extends { data?: unknown; error?: unknown }>(result: R): NonNullable<R['data']> {
  return result.data as NonNullable<R['data']>;
}
