/**
 * The notification-tasks queue's worker: emails (send-email, rendered and delivered by the mail
 * service), web push (send-push, by the push delivery) and the mail of a bureau's message still
 * unread after 15 minutes (message-mail, by the conversation service). It polls every half second and is
 * woken at once by a send from this process, so a sign-in code arrives within about a second.
 */
import type { Logger } from 'pino';
import type { AppContext } from '../app-context';
import type { Jobs } from '../queue/boss';
import { mailUnreadMessages } from '../services/conversation/message-mail';

/** pg-boss 10's shortest polling interval. */
const POLLING_INTERVAL_SECONDS = 0.5;

export function startNotificationTasks(
  ctx: AppContext,
  jobs: Jobs,
  logger?: Pick<Logger, 'error' | 'warn'>,
): void {
  jobs.work(
    'notification-tasks',
    { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, batchSize: 5 },
    async (task) => {
      if (task.name === 'send-push') await ctx.push.deliver(ctx.db, task);
      else if (task.name === 'message-mail') await mailUnreadMessages(ctx.db, task);
      else await ctx.mail.deliver(task);
    },
    (error, task) => {
      if (!task) logger?.warn({ err: error }, 'Очередь уведомлений: ошибка выборки задач');
      else if (task.name === 'send-email')
        logger?.error({ err: error, template: task.template }, 'Письмо не отправлено (будет повтор)');
      else if (task.name === 'message-mail')
        logger?.error(
          { err: error, messageId: task.messageId },
          'Письмо о сообщении не отправлено (будет повтор)',
        );
      else logger?.error({ err: error, notificationId: task.notificationId }, 'Push не отправлен');
    },
  );
}
