/**
 * The personal-data queue's worker: removes again the stored bytes of an erased person's scans the
 * storage did not remove right after the erasure (services/personal-data/erased-files.ts). Nobody
 * waits at a screen for it; a task still failing is retried by pg-boss with growing pauses.
 */
import type { Logger } from 'pino';
import type { AppContext } from '../app-context';
import type { Jobs } from '../queue/boss';
import { removeErasedFiles } from '../services/personal-data/erased-files';

export function startPersonalDataTasks(
  ctx: AppContext,
  jobs: Jobs,
  logger?: Pick<Logger, 'error' | 'warn'>,
): void {
  jobs.work(
    'personal-data',
    { pollingIntervalSeconds: 10, batchSize: 5, firstFetchAfterSeconds: 5 },
    (task) => removeErasedFiles(ctx, task.erasureId),
    (error, task) =>
      task
        ? logger?.error(
            { err: error, erasureId: task.erasureId },
            'Сканы удалённых данных не удалены (будет повтор)',
          )
        : logger?.warn({ err: error }, 'Очередь персональных данных: ошибка выборки задач'),
  );
}
