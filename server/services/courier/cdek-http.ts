/**
 * How we talk to CDEK API v2 (https://api-docs.cdek.ru/): OAuth 2 client credentials for a
 * bearer token kept until shortly before it expires (asked again once on a 401), every call cut
 * at the configured timeout, and every failure turned into a CourierError with a Russian message
 * the monitor can show — never a hang, never an error object with the request inside.
 */
import { CourierError } from './courier';

export interface CdekConnection {
  clientId: string;
  clientSecret: string;
  /** https://api.cdek.ru/v2, https://api.edu.cdek.ru/v2 (CDEK's test contour), or a local stub. */
  apiUrl: string;
  timeoutMs: number;
}

export interface CdekAnswer {
  status: number;
  body: unknown;
}

const seconds = (ms: number) => Number((ms / 1000).toFixed(1)).toLocaleString('ru-RU');

/** A token is renewed this long before CDEK says it expires (clocks and slow calls). */
const TOKEN_MARGIN_MS = 60_000;

/** CDEK's error lists: `errors` at the top, or in each of `requests`. */
export function cdekErrors(body: unknown): string[] {
  const top = (body as { errors?: unknown } | null)?.errors;
  const requests = (body as { requests?: { errors?: unknown }[] } | null)?.requests;
  const lists = [top, ...(Array.isArray(requests) ? requests.map((r) => r?.errors) : [])];
  return lists
    .filter(Array.isArray)
    .flat()
    .map((error: { code?: unknown; message?: unknown }) =>
      [error?.message, error?.code].filter((part) => typeof part === 'string').join(' — '),
    )
    .filter((text) => text !== '');
}

export function createCdekHttp(connection: CdekConnection) {
  let token: { value: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function send(path: string, init: RequestInit): Promise<CdekAnswer> {
    let response: Response;
    try {
      response = await fetch(`${connection.apiUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(connection.timeoutMs),
      });
    } catch (error) {
      throw unreachable(error);
    }
    let body: unknown = null;
    try {
      const text = await response.text();
      body = text ? (JSON.parse(text) as unknown) : null;
    } catch (error) {
      // Cut mid-body by the timeout, or not JSON at all (a proxy's HTML page).
      if ((error as Error)?.name === 'TimeoutError' || (error as Error)?.name === 'AbortError')
        throw unreachable(error);
      body = null;
    }
    if (response.status >= 500) {
      const details = cdekErrors(body);
      throw new CourierError(
        `СДЭК ответил ошибкой ${response.status}${details.length ? `: ${details.join('; ')}` : ''}`,
        response.status,
      );
    }
    return { status: response.status, body };
  }

  function unreachable(error: unknown): CourierError {
    const name = (error as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
      return new CourierError(`СДЭК не ответил за ${seconds(connection.timeoutMs)} с`);
    const cause = (error as { cause?: { code?: string } })?.cause?.code;
    return new CourierError(`СДЭК недоступен${cause ? ` (${cause})` : ''}`);
  }

  async function newToken(): Promise<string> {
    const answer = await send('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: connection.clientId,
        client_secret: connection.clientSecret,
      }).toString(),
    });
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (answer.status === 400 || answer.status === 401 || answer.status === 403)
      throw new CourierError(
        'СДЭК не принял ключи доступа: проверьте ключи СДЭК в настройках сервера',
        answer.status,
      );
    if (answer.status >= 300 || typeof body?.access_token !== 'string')
      throw new CourierError(`СДЭК не выдал токен доступа (ответ ${answer.status})`, answer.status);
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    token = { value: body.access_token, expiresAt: Date.now() + seconds * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  /** One token request at a time, however many calls need one. */
  function currentToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return Promise.resolve(token.value);
    pending ??= newToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  /** An authorised JSON call; a 401 (a token CDEK revoked early) gets one more try with a new token. */
  async function call(method: 'GET' | 'POST', path: string, json?: unknown): Promise<CdekAnswer> {
    for (let attempt = 1; ; attempt++) {
      const answer = await send(path, {
        method,
        headers: {
          authorization: `Bearer ${await currentToken()}`,
          accept: 'application/json',
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      if (answer.status !== 401 || attempt >= 2) return answer;
      token = undefined;
    }
  }

  return { call };
}
