/**
 * The queue page's view lives in the address (as the orders list's does, decision 0019): which
 * jobs are listed (status, queue, page) and which order's tasks were searched, so a copied link
 * or a reload shows the same. Bad values fall back to the default view, never to an error.
 */
import type { JobListStatus } from './monitoring-types';

export const JOB_STATUSES: readonly JobListStatus[] = ['waiting', 'active', 'completed', 'failed', 'delayed'];
export const JOBS_PAGE_SIZE = 20;

export interface QueueView {
  status: JobListStatus | null;
  page: number;
  queue: string | null;
  order: string | null;
}

export function parseQueueView(raw: Record<string, unknown>): QueueView {
  const status = JOB_STATUSES.find((s) => s === raw.status) ?? null;
  const page = Number(raw.page);
  const queue = typeof raw.queue === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(raw.queue) ? raw.queue : null;
  // The router reads ?order=42 as the number 42.
  const typed = typeof raw.order === 'number' ? String(raw.order) : raw.order;
  const order = typeof typed === 'string' && typed.trim() ? typed.trim().slice(0, 30) : null;
  return {
    status,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    queue: status ? queue : null,
    order,
  };
}

/** The address's search for a view: defaults left out, so links stay short. */
export function queueSearch(view: QueueView): Record<string, string | number> {
  return {
    ...(view.status && { status: view.status }),
    ...(view.status && view.page > 1 && { page: view.page }),
    ...(view.status && view.queue && { queue: view.queue }),
    ...(view.order && { order: view.order }),
  };
}
