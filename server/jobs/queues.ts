/**
 * The job queues and the tasks each carries (spec section 4). The notification-tasks worker
 * (server/mail) starts with the server; the others arrive with later issues. The queues exist
 * from the first start so tasks can be sent and inspected already.
 */
export const QUEUE_NAMES = ['order-processing', 'notification-tasks', 'sync-tasks'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

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
}
