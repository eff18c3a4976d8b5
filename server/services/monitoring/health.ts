/** Liveness and dependencies for GET /api/health: the database answers, the job queue runs. */
import type { components } from '../../../src/api/schema.gen';
import type { AppContext } from '../../app-context';
import { ProductError } from '../../errors';

const PING_TIMEOUT_MS = 2_000;

async function databaseAnswers(ctx: AppContext): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([ctx.database.ping().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function checkHealth(ctx: AppContext): Promise<components['schemas']['Health']> {
  if (!(await databaseAnswers(ctx))) {
    throw new ProductError('unavailable', 'SERVICE_UNAVAILABLE', 'База данных недоступна');
  }
  const queue = ctx.jobs?.isRunning() ? 'ok' : 'down';
  return {
    status: queue === 'ok' ? 'ok' : 'degraded',
    database: 'ok',
    queue,
    version: ctx.version,
    uptimeSeconds: Math.round((Date.now() - ctx.startedAt) / 1000),
  };
}
