/**
 * The job queues and the tasks each carries (docs/back-office-screens.md, monitoring). Each queue's
 * worker lives in a file of its own in server/jobs and is started by jobs/workers.ts. The queues
 * exist from the first start so tasks can be sent and inspected already.
 */
import type { OrderStatus } from '../../src/domain/order-status';

/**
 * The queues of an order's tasks; every task in them carries its orderId. Telegram's messages have
 * a queue of their own: its sender keeps Telegram's pace (a second per chat), which must not hold
 * mail and push back.
 */
export const QUEUE_NAMES = ['order-processing', 'notification-tasks', 'sync-tasks', 'telegram'] as const;
/**
 * The hourly sweep of uploads no order took (services/documents/file-cleanup.ts): housekeeping,
 * not an order's task.
 */
export const FILE_CLEANUP_QUEUE = 'file-cleanup';
/** The daily sweep of stored bytes no row names (services/documents/orphan-sweep.ts): housekeeping too. */
export const ORPHAN_SWEEP_QUEUE = 'orphan-sweep';
/** The daily removal of closed orders' scans after SCAN_RETENTION_DAYS (services/documents/scan-retention.ts). */
export const SCAN_RETENTION_QUEUE = 'scan-retention';
/**
 * The periodic jobs. pg-boss 10 schedules a queue, not a task inside one, so each runs in a
 * queue of its own named after it (services/monitoring/periodic-jobs.ts).
 */
export const PERIODIC_JOB_NAMES = [
  'check-new-paid-orders',
  'send-payment-reminders',
  'send-act-exchange-reminders',
  'sync-pickup-points',
  'check-delivery-statuses',
] as const;
export type PeriodicJobName = (typeof PERIODIC_JOB_NAMES)[number];
/**
 * Sign-in codes have a queue and a worker of their own (server/jobs/sign-in-mail.ts): a code is
 * awaited by someone at the screen, so it never waits behind a flood of order mail or a slow push.
 */
export const SIGN_IN_MAIL_QUEUE = 'sign-in-mail';
/** The nightly backup (services/monitoring/scheduled-backup.ts): housekeeping too. */
export const BACKUP_QUEUE = 'backup';
/**
 * The bytes of an erased person's scans, removed again until the storage confirms them gone
 * (services/personal-data/erased-files.ts): a person's task, not an order's.
 */
export const PERSONAL_DATA_QUEUE = 'personal-data';
export type QueueName =
  | (typeof QUEUE_NAMES)[number]
  | typeof FILE_CLEANUP_QUEUE
  | typeof ORPHAN_SWEEP_QUEUE
  | typeof SCAN_RETENTION_QUEUE
  | typeof SIGN_IN_MAIL_QUEUE
  | PeriodicJobName
  | typeof BACKUP_QUEUE
  | typeof PERSONAL_DATA_QUEUE;
/**
 * Every queue, made at start under the start lock (two processes creating one deadlock), so
 * tasks can be sent before any worker runs.
 */
export const ALL_QUEUES: readonly QueueName[] = [
  ...QUEUE_NAMES,
  SIGN_IN_MAIL_QUEUE,
  FILE_CLEANUP_QUEUE,
  ORPHAN_SWEEP_QUEUE,
  SCAN_RETENTION_QUEUE,
  ...PERIODIC_JOB_NAMES,
  BACKUP_QUEUE,
  PERSONAL_DATA_QUEUE,
];

type SendEmailTask = {
  name: 'send-email';
  orderId?: number;
  template: string;
  to: string;
  sealed?: string;
};

/** What each queue's tasks carry; `name` is the task type shown on the monitoring pages. */
export type QueueTasks = {
  'order-processing': /**
   * Move an order on behalf of the automation (a payment found, a courier's report). `from`:
   * the status the move was decided in; an order moved by people meanwhile is left alone.
   */
    | {
        name: 'change-status';
        orderId: number;
        status: OrderStatus;
        from?: OrderStatus;
        comment?: string | null;
        /** PAID: the provider's payment that pays it, and how it was paid. */
        paymentId?: string;
        paymentMethod?: 'card' | 'sbp';
      }
    /**
     * What follows a new order, in one job: the push of its «order received» notice
     * (`notificationId`) and the confirmation mail (server/services/orders/order-received.ts).
     */
    | { name: 'order-received'; orderId: number; notificationId?: number }
    /** Draw the PDF of the order's issued invoice or act (server/services/documents). */
    | { name: 'make-invoice' | 'make-act'; orderId: number };
  /**
   * `sealed`: the template's parameters, encrypted (server/mail/seal.ts); may hold codes and
   * links. An order's mail has none: its parameters are read from the order when it is sent.
   */
  'notification-tasks':
    | SendEmailTask
    /**
     * Web push of one notification to its user's devices (server/services/notifications/push-delivery.ts);
     * `subscriptionIds` and `attempt` when retrying only the devices whose push service failed.
     */
    | { name: 'send-push'; notificationId: number; subscriptionIds?: number[]; attempt?: number }
    /**
     * Mail the bureau's message if the customer has not read it by now (due 15 minutes after it
     * was sent; server/services/conversation/message-mail.ts).
     */
    | { name: 'message-mail'; orderId: number; messageId: number };
  /**
   * A message of the bureau's Telegram bot about an order to one chat (server/services/telegram):
   * a status change (`status`) or that the bureau wrote in the order's conversation, rendered when sent.
   */
  telegram: {
    name: 'send-telegram';
    orderId: number;
    chatId: string;
    event: 'status' | 'message';
    status?: OrderStatus;
  };
  /** Register the order's parcel with the courier service (server/services/courier). */
  'sync-tasks':
    | { name: 'create-delivery'; orderId: number }
    /** The 54-FZ closing receipt of an order prepaid through YooKassa (server/services/payments/receipts.ts). */
    | { name: 'send-closing-receipt'; orderId: number }
    /** A refund of a cancelled paid order (server/services/payments/refunds.ts). */
    | { name: 'send-refund'; refundId: number; orderId: number };
  /** Sent by its cron schedule with no data. */
  'file-cleanup': Record<string, never>;
  'orphan-sweep': Record<string, never>;
  'scan-retention': Record<string, never>;
  /** Sent by its cron schedule (BACKUP_CRON) with no data. */
  backup: Record<string, never>;
  'sign-in-mail': SendEmailTask;
  'personal-data': { name: 'remove-erased-files'; erasureId: number };
} & { [K in PeriodicJobName]: Record<string, never> };

/**
 * What a task's work may report besides success: `refused` when it found it must not act (an
 * order moved meanwhile) — the task is done, not retried, and the order's log shows why;
 * `payload`, details for the order's log (a delivery's number).
 */
export interface TaskResult {
  refused?: string;
  payload?: Record<string, unknown>;
}
