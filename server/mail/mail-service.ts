/**
 * Email goes out through the `notification-tasks` queue as `send-email` tasks: the request that
 * wants an email only queues it (fast, and it survives an SMTP outage with retries and growing
 * delays), and the queue's worker (server/jobs/notification-tasks.ts) calls deliver() — through
 * SMTP_URL when set, otherwise into DATA_DIR/outbox. A send wakes this process's worker at once,
 * so a sign-in code arrives within about a second.
 * Without pg-boss (most tests) an email is delivered inside send(), so a test can read it as soon
 * as the request returns.
 */
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { ServerConfig } from '../config';
import type { Jobs } from '../jobs/boss';
import type { QueueTasks } from '../jobs/queues';
import { isOrderTemplate, type OrderMailParams, type OrderTemplateName } from './order-templates';
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

export interface MailService {
  send<T extends TemplateName>(email: EmailRequest<T>): Promise<void>;
  /** Renders and delivers one queued task (what the worker does for each). */
  deliver(task: SendEmailTask): Promise<void>;
}

export const SEND_EMAIL_OPTIONS = {
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 120,
} as const;

/** An order's mail is rendered from the order as it is at sending; null: the order is gone. */
export type OrderMailParamsReader = (
  template: OrderTemplateName,
  orderId: number,
) => Promise<OrderMailParams | null>;

export interface MailServiceOptions {
  config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>;
  sealKey: Buffer;
  jobs: Jobs | undefined;
  /** Reads an order mail's parameters (server/services/orders/order-mail.ts). */
  orderMailParams?: OrderMailParamsReader;
}

export function createMailService({
  config,
  sealKey,
  jobs,
  orderMailParams,
}: MailServiceOptions): MailService {
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = join(config.dataDir, 'outbox');

  async function deliver(task: SendEmailTask): Promise<void> {
    if (task.name !== 'send-email') throw new Error(`notification-tasks: unknown task ${String(task.name)}`);
    if (!isTemplateName(task.template)) throw new Error(`send-email: unknown template ${task.template}`);
    let params: unknown = {};
    if (task.sealed) params = unseal(sealKey, task.sealed);
    else if (isOrderTemplate(task.template)) {
      if (task.orderId === undefined || !orderMailParams)
        throw new Error(`send-email: ${task.template} needs its order`);
      params = await orderMailParams(task.template, task.orderId);
      // Deleted since: nobody to write about.
      if (params === null) return;
    }
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
      jobs.wake('notification-tasks');
    },
  };
}
