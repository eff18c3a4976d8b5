/**
 * Email goes out through a queue as `send-email` tasks: the request that wants an email only
 * queues it (fast, and it survives an SMTP outage with retries and growing delays), and a worker
 * calls deliver() — through SMTP_URL when set, otherwise into DATA_DIR/outbox. Sign-in codes go
 * on a queue of their own (sign-in-mail), everything else on notification-tasks, so a code never
 * waits behind other mail. A send wakes this process's worker at once, so a sign-in code arrives
 * within about a second.
 * Anyone may type any email into the public form, so mail sent here to an address that has never
 * signed in is capped per address and hour (MAILS_PER_HOUR_TO_UNVERIFIED): a stranger cannot turn
 * the bureau into a mail cannon. Sign-in codes have their own limits (auth/email-sign-in.ts).
 * Without pg-boss (most tests) an email is delivered inside send(), so a test can read it as soon
 * as the request returns.
 */
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { withinLimit } from '../auth/rate-limits';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { users } from '../db/schema';
import type { Jobs } from '../queue/boss';
import { type QueueTasks, SIGN_IN_MAIL_QUEUE } from '../queue/queues';
import { withTrackingLink } from './letter';
import { type ComposedLetter, composeLetter, type LetterParts } from './mime';
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

/** queued (or delivered, without pg-boss), or capped: not sent, the address had its mail this hour. */
export type MailOutcome = 'queued' | 'capped';

export interface MailService {
  send<T extends TemplateName>(email: EmailRequest<T>): Promise<MailOutcome>;
  /**
   * Delivers at once, in the caller's own task rather than a send-email task of its own (a job
   * that already runs in the background, such as an order's order-received). Capped the same way;
   * `counted`: an earlier attempt of the caller's job counted this mail against the cap already.
   * `signedIn` and `trackingUrl`: whether the address has signed in (the cap spares such
   * addresses) and the order's tracking link (null: expired), when the caller read them already;
   * asked otherwise. A delivery failure is thrown, for the caller's job to retry.
   */
  sendNow<T extends TemplateName>(
    email: EmailRequest<T>,
    options?: { counted?: boolean; signedIn?: boolean; trackingUrl?: string | null },
  ): Promise<'sent' | 'capped'>;
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
  config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'limits'>;
  sealKey: Buffer;
  jobs: Jobs | undefined;
  db: Database;
  /** Reads an order mail's parameters (server/services/orders/order-mail.ts). */
  orderMailParams?: OrderMailParamsReader;
  /** The order's tracking link, which every mail about an order ends with (null: expired). */
  orderTrackingUrl?: (orderId: number) => Promise<string | null>;
}

const HOUR = 60 * 60;

/**
 * A letter mime.ts does not compose (an address that is not plain ASCII): nodemailer's composer,
 * which encodes internationalised domains and names.
 */
async function composedByNodemailer(parts: LetterParts): Promise<ComposedLetter> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const node = new MailComposer({ ...parts, textEncoding: 'quoted-printable' }).compile();
  const message = await new Promise<Buffer>((resolve, reject) =>
    node.build((error, built) => (error ? reject(error) : resolve(built))),
  );
  const envelope = node.getEnvelope();
  return { message, envelope: { from: envelope.from || '', to: envelope.to } };
}

/** True when the address belongs to an account that has signed in at least once. */
async function hasSignedIn(db: Database, email: string): Promise<boolean> {
  return (await signedInAccount.rows(db, { email: email.toLowerCase() })).length > 0;
}

/** Asked before every mail (the cap), prepared once (db/prepared.ts). */
const signedInAccount = preparedStatement<{ email: string }, { id: number }>(
  'mail_signed_in_account',
  (value) => sql`select id from ${users}
    where lower(email) = ${value('email')}::text and last_login_at is not null limit 1`,
);

export function createMailService({
  config,
  sealKey,
  jobs,
  db,
  orderMailParams,
  orderTrackingUrl,
}: MailServiceOptions): MailService {
  // nodemailer loads with the first mail over SMTP, not with every process that builds a context.
  // Its connections are pooled (SMTP_URL's `?pool=false` says otherwise): a burst of mail reuses
  // a few connections rather than opening one, with its TLS handshake, per letter.
  let transport: Promise<Transporter> | undefined;
  const transportNow = () => {
    transport ??= Promise.all([import('nodemailer'), import('nodemailer/lib/shared')]).then(
      ([{ default: nodemailer }, { parseConnectionUrl }]) =>
        nodemailer.createTransport({ pool: true, ...parseConnectionUrl(config.smtpUrl as string) }),
    );
    return transport;
  };
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
    await render(task.template, task.to, params as never, task.orderId);
  }

  /** Renders and sends one mail; a mail about an order ends with the order's tracking link. */
  async function render<T extends TemplateName>(
    template: T,
    to: string,
    params: TemplateParams<T>,
    orderId: number | undefined,
    knownTrackingUrl?: string | null,
  ) {
    const rendered = renderEmail(template, params);
    const trackingUrl =
      knownTrackingUrl !== undefined
        ? knownTrackingUrl
        : orderId !== undefined && orderTrackingUrl
          ? await orderTrackingUrl(orderId)
          : null;
    const email = trackingUrl ? withTrackingLink(rendered, trackingUrl) : rendered;
    // The wire wants CRLF; the outbox's files are read by people and tests, with plain newlines.
    const parts = { from: config.mailFrom, to, ...email };
    const letter =
      composeLetter(parts, config.smtpUrl ? '\r\n' : '\n') ?? (await composedByNodemailer(parts));
    if (config.smtpUrl)
      await (await transportNow()).sendMail({ envelope: letter.envelope, raw: letter.message });
    else await writeToOutbox(outbox, letter.message, to, template);
  }

  /** False when the address never signed in and had its share of mail this hour (counts this one). */
  async function withinCap(template: TemplateName, to: string, signedIn?: boolean): Promise<boolean> {
    if (template === 'sign-in-code' || (signedIn ?? (await hasSignedIn(db, to)))) return true;
    return withinLimit(db, {
      key: `mail:unverified:${to.toLowerCase()}`,
      limit: config.limits.mailsPerHourToUnverified,
      windowSeconds: HOUR,
    });
  }

  return {
    deliver,

    async sendNow({ template, to, params, orderId }, { counted = false, signedIn, trackingUrl } = {}) {
      if (!counted && !(await withinCap(template, to, signedIn))) return 'capped';
      await render(template, to, params, orderId, trackingUrl);
      return 'sent';
    },

    async send({ template, to, params, orderId }) {
      const code = template === 'sign-in-code';
      if (!(await withinCap(template, to))) return 'capped';
      const task: SendEmailTask = {
        name: 'send-email',
        template,
        to,
        sealed: seal(sealKey, params),
        ...(orderId !== undefined && { orderId }),
      };
      if (!jobs) {
        await deliver(task);
        return 'queued';
      }
      const queue = code ? SIGN_IN_MAIL_QUEUE : 'notification-tasks';
      await jobs.send(queue, task, SEND_EMAIL_OPTIONS);
      jobs.wake(queue);
      return 'queued';
    },
  };
}
