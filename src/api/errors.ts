/**
 * Every failed call reaches the app as an ApiError: the contract's Error schema (a code for
 * programs, a Russian message for people, optional details) plus the HTTP status. Status 0 means
 * there was no HTTP answer: code NETWORK_ERROR when the server was not reached.
 */
export const AUTH_REQUIRED_MESSAGE = 'Требуется авторизация';
const NETWORK_ERROR = 'NETWORK_ERROR';
export const SERVER_UNAVAILABLE_MESSAGE = 'Сервер недоступен. Проверьте подключение к интернету.';

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  details?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor({ status, code, message, details, cause }: ApiErrorInit) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** The server was not reached: offline, DNS, a dropped connection. */
  get isNetworkError(): boolean {
    return this.code === NETWORK_ERROR;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A credentialed call that had no token to send (docs/sessions-and-tokens.md); it never left the device. */
export function authRequiredError(): ApiError {
  return new ApiError({ status: 401, code: 'AUTH_REQUIRED', message: AUTH_REQUIRED_MESSAGE });
}

export function networkError(cause: unknown): ApiError {
  return new ApiError({ status: 0, code: NETWORK_ERROR, message: SERVER_UNAVAILABLE_MESSAGE, cause });
}

function isErrorBody(body: unknown): body is { code?: unknown; message?: unknown; details?: unknown } {
  return typeof body === 'object' && body !== null;
}

/** The server's answer, as the contract's Error schema describes it, or a generic one. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (isErrorBody(body) && typeof body.message === 'string') {
    return new ApiError({
      status: response.status,
      code: typeof body.code === 'string' ? body.code : `HTTP_${response.status}`,
      message: body.message,
      details: body.details,
    });
  }
  return new ApiError({
    status: response.status,
    code: `HTTP_${response.status}`,
    message:
      response.status >= 500
        ? `Ошибка сервера (${response.status}). Попробуйте позже.`
        : `Ошибка запроса (${response.status})`,
  });
}

/** Any failure as an ApiError, for screens that show `error.message`. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({
    status: 0,
    code: 'CLIENT_ERROR',
    message: 'Не удалось выполнить запрос',
    cause: error,
  });
}
