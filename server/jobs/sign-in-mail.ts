/**
 * The sign-in-mail queue's worker: sign-in codes only. Someone is waiting at the screen for each
 * one, so they have this worker to themselves — a thousand order mails queued on
 * notification-tasks, or a push service that takes its ten seconds to time out, never stand in
 * front of a code. Woken by the send, it delivers a code within about a second.
 */
import type { Logger } from 'pino';
import type { AppContext } from '../app-context';
import type { Jobs } from '../queue/boss';
import { SIGN_IN_MAIL_QUEUE } from '../queue/queues';

export function startSignInMail(ctx: AppContext, jobs: Jobs, logger?: Pick<Logger, 'error' | 'warn'>): void {
  jobs.work(
    SIGN_IN_MAIL_QUEUE,
    { pollingIntervalSeconds: 0.5, batchSize: 5 },
    (task) => ctx.mail.deliver(task),
    (error, task) =>
      task
        ? logger?.error({ err: error, template: task.template }, 'Код для входа не отправлен (будет повтор)')
        : logger?.warn({ err: error }, 'Очередь кодов для входа: ошибка выборки задач'),
  );
}
