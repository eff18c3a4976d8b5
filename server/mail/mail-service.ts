/**
 * Email goes out through the `notification-tasks` queue as `send-email` tasks: the request that
 * wants an email only queues it (fast, and it survives an SMTP outage with retries and growing
 * delays), and the worker started with the server renders and delivers it — through SMTP_URL
 * when set, otherwise into DATA_DIR/outbox. The worker polls every half second and is woken at
 * once by a send from this process, so a sign-in code arrives within about a second.
 * Without pg-boss (most tests) an email is delivered inside send(), so a test can read it as soon
 * as the request returns.
 */
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { ServerConfig } from '../config';
import type { Jobs } from '../jobs/boss';
import type { QueueTasks } from '../jobs/queues';
import type { QueueWorker } from '../jobs/worker';
import { writeToOutbox } from './outbox';
import { seal, unseal } from './seal';
import { isTemplateName, renderEmail, type TemplateName, type TemplateParams } from './templates';

export interface EmailRequest<T extends TemplateName = TemplateName> {
  template: T;
  to: string;
  params: TemplateParams<T>;
  /** Shown on the order's monitoring page. */
  orderId?: number;
}

export type SendEmailTask = Extract<QueueTasks['notification-tasks'], { name: 'send-email' }>;
type NotificationTask = QueueTasks['notification-tasks'];

export interface MailService {
  send<T extends TemplateName>(email: EmailRequest<T>): Promise<void>;
  /** Renders and delivers one queued task (what the worker does for each). */
  deliver(task: SendEmailTask): Promise<void>;
  /** Starts the queue's worker; a no-op without pg-boss or when already started. */
  startWorker(): Promise<void>;
}

export const SEND_EMAIL_OPTIONS = {
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 120,
} as const;

/** pg-boss 10's shortest polling interval. */
const POLLING_INTERVAL_SECONDS = 0.5;

export interface MailServiceOptions {
  config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>;
  sealKey: Buffer;
  jobs: Jobs | undefined;
  onError?: (error: unknown, task: NotificationTask | undefined) => void;
  /** The queue's other task, web push (server/services/push-delivery.ts). */
  deliverPush?: (task: Extract<NotificationTask, { name: 'send-push' }>) => Promise<unknown>;
}

export function createMailService({
  config,
  sealKey,
  jobs,
  onError,
  deliverPush,
}: MailServiceOptions): MailService {
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = join(config.dataDir, 'outbox');
  let worker: QueueWorker | undefined;

  async function deliver(task: SendEmailTask): Promise<void> {
    if (task.name !== 'send-email') throw new Error(`notification-tasks: unknown task ${String(task.name)}`);
    if (!isTemplateName(task.template)) throw new Error(`send-email: unknown template ${task.template}`);
    const params = task.sealed ? unseal(sealKey, task.sealed) : {};
    const email = renderEmail(task.template, params as never);
    const info = await transport.sendMail({
      from: config.mailFrom,
      to: task.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      // Digits and Latin stay readable in the raw file: a developer can read a code from it.
      textEncoding: 'quoted-printable',
    });
    if (!config.smtpUrl) await writeToOutbox(outbox, info.message as Buffer, task.to, task.template);
  }

  return {
    deliver,

    async send({ template, to, params, orderId }) {
      const task: SendEmailTask = {
        name: 'send-email',
        template,
        to,
        sealed: seal(sealKey, params),
        ...(orderId !== undefined && { orderId }),
      };
      if (!jobs) return deliver(task);
      await jobs.send('notification-tasks', task, SEND_EMAIL_OPTIONS);
      worker?.wake();
    },

    async startWorker() {
      if (!jobs || worker) return;
      worker = jobs.work(
        'notification-tasks',
        { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, batchSize: 5 },
        async (task) => {
          if (task.name === 'send-push') await deliverPush?.(task);
          else await deliver(task);
        },
        (error, task) => onError?.(error, task),
      );
    },
  };
}
