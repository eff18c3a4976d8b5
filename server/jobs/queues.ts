/**
 * The job queues and the tasks each carries (spec section 4). Each queue's worker lives in a file
 * of its own in this folder and is started by workers.ts. The queues exist from the first start
 * so tasks can be sent and inspected already.
 */
export const QUEUE_NAMES = ['order-processing', 'notification-tasks', 'sync-tasks'] as const;
/** The hourly sweep of uploads no order took (server/jobs/file-cleanup.ts): housekeeping, not an order's task. */
export const FILE_CLEANUP_QUEUE = 'file-cleanup';
/**
 * Sign-in codes have a queue and a worker of their own (server/jobs/sign-in-mail.ts): a code is
 * awaited by someone at the screen, so it never waits behind a flood of order mail or a slow push.
 */
export const SIGN_IN_MAIL_QUEUE = 'sign-in-mail';
export type QueueName = (typeof QUEUE_NAMES)[number] | typeof FILE_CLEANUP_QUEUE | typeof SIGN_IN_MAIL_QUEUE;
/** The queues made at the first start, so tasks can be sent before any worker runs. */
export const QUEUES_MADE_AT_START = [...QUEUE_NAMES, SIGN_IN_MAIL_QUEUE] as const;

type SendEmailTask = {
  name: 'send-email';
  orderId?: number;
  template: string;
  to: string;
  sealed?: string;
};

/** What each queue's tasks carry; `name` is the task type shown on the monitoring pages. */
export interface QueueTasks {
  'order-processing':
    | { name: 'change-status'; orderId: number; status: string; comment?: string | null }
    | { name: 'order-received'; orderId: number }
    /** Draw the PDF of the order's issued invoice or act (server/services/documents). */
    | { name: 'make-invoice' | 'make-act'; orderId: number };
  /** `sealed`: the template's parameters, encrypted (server/mail/seal.ts); may hold codes and links. */
  'notification-tasks':
    | SendEmailTask
    /**
     * Web push of one notification to its user's devices (server/services/push-delivery.ts);
     * `subscriptionIds` and `attempt` when retrying only the devices whose push service failed.
     */
    | { name: 'send-push'; notificationId: number; subscriptionIds?: number[]; attempt?: number };
  'sync-tasks': {
    name: 'create-delivery' | 'sync-pickup-points' | 'check-delivery-statuses';
    orderId?: number;
  };
  /** Sent by its cron schedule with no data. */
  'file-cleanup': Record<string, never>;
  'sign-in-mail': SendEmailTask;
}
