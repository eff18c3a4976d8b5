/**
 * The job queues and the tasks each carries (spec section 4). Each queue's worker lives in a file
 * of its own in this folder and is started by workers.ts. The queues exist from the first start
 * so tasks can be sent and inspected already.
 */
export const QUEUE_NAMES = ['order-processing', 'notification-tasks', 'sync-tasks'] as const;
/** The hourly sweep of uploads no order took (server/jobs/file-cleanup.ts): housekeeping, not an order's task. */
export const FILE_CLEANUP_QUEUE = 'file-cleanup';
/** The nightly backup (server/jobs/backup.ts): housekeeping too. */
export const BACKUP_QUEUE = 'backup';
export type QueueName = (typeof QUEUE_NAMES)[number] | typeof FILE_CLEANUP_QUEUE | typeof BACKUP_QUEUE;

/** What each queue's tasks carry; `name` is the task type shown on the monitoring pages. */
export interface QueueTasks {
  'order-processing':
    | { name: 'change-status'; orderId: number; status: string; comment?: string | null }
    | { name: 'order-received'; orderId: number }
    /** Draw the PDF of the order's issued invoice or act (server/services/documents). */
    | { name: 'make-invoice' | 'make-act'; orderId: number };
  /** `sealed`: the template's parameters, encrypted (server/mail/seal.ts); may hold codes and links. */
  'notification-tasks':
    | {
        name: 'send-email';
        orderId?: number;
        template: string;
        to: string;
        sealed?: string;
      }
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
  /** Sent by its cron schedule (BACKUP_CRON) with no data. */
  backup: Record<string, never>;
}
