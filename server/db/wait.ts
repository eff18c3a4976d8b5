/**
 * A PostgreSQL that is not up yet when the server starts (both started together by a host
 * reboot or an orchestrator) is waited for, with a log line per try, instead of ending the
 * process at once. Only "not reachable" errors are waited out; a wrong password is not.
 */
import type { Logger } from 'pino';
import { briefError } from '../logger';
import type { DatabaseHandle } from './client';
import { isDatabaseUnavailable } from './errors';

export interface WaitOptions {
  /** Give up after this long (0: try once). */
  timeoutMs: number;
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** First pause between tries; doubles up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

export async function waitForDatabase(
  database: Pick<DatabaseHandle, 'ping'>,
  { timeoutMs, logger, firstDelayMs = 500, maxDelayMs = 5_000 }: WaitOptions,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let delay = firstDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await database.ping();
      if (attempt > 1) logger?.info({ attempt }, 'PostgreSQL доступен, запуск продолжается');
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new DatabaseUnreachableError(
          `PostgreSQL недоступен (${briefError(error).message}); ожидание ${Math.round(timeoutMs / 1000)} с истекло. / PostgreSQL unreachable; gave up after ${Math.round(timeoutMs / 1000)} s (DATABASE_START_TIMEOUT).`,
        );
      }
      const pause = Math.min(delay, left);
      logger?.warn(
        { attempt, retryInMs: pause, ...briefError(error) },
        `PostgreSQL недоступен, повтор через ${(pause / 1000).toFixed(1)} с`,
      );
      await new Promise((resolve) => setTimeout(resolve, pause));
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }
}
