/**
 * The job queues and the tasks each carries (spec section 4). Workers arrive with later issues;
 * the queues exist from the first start so tasks can be sent and inspected already.
 */
export const QUEUE_NAMES = ['order-processing', 'notification-tasks', 'sync-tasks'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** What each queue's tasks carry; `name` is the task type shown on the monitoring pages. */
export interface QueueTasks {
  'order-processing': { name: 'change-status'; orderId: number; status: string; comment?: string | null };
  'notification-tasks': { name: 'send-email'; orderId?: number; template: string; to: string };
  'sync-tasks': {
    name: 'create-delivery' | 'sync-pickup-points' | 'check-delivery-statuses';
    orderId?: number;
  };
}
