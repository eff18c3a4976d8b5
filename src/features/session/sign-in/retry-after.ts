/** The wait a refused call names (429 RATE_LIMITED, details.retryAfter in seconds), if any. */
import { type ApiError, isApiError } from '../../../api/errors';

export function retryAfterSeconds(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429) return null;
  const retryAfter = (error as ApiError & { details: { retryAfter?: unknown } | null }).details?.retryAfter;
  return typeof retryAfter === 'number' && retryAfter > 0 ? Math.ceil(retryAfter) : null;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Не удалось выполнить запрос';
}
