/**
 * A queue task's display status, derived in this order (docs/back-office-screens.md): an error →
 * ОШИБКА, finished → ЗАВЕРШЕНО, started → ВЫПОЛНЯЕТСЯ, planned for later → ЗАПЛАНИРОВАНО, otherwise
 * ОЖИДАЕТ. A task staff cancelled is ОТМЕНЕНО (pg-boss has that state; the queue the monitor was
 * first drawn for had not), checked before «finished», since a cancelled task is finished too.
 */
export type TaskDisplayStatus =
  | 'ОШИБКА'
  | 'ОТМЕНЕНО'
  | 'ЗАВЕРШЕНО'
  | 'ВЫПОЛНЯЕТСЯ'
  | 'ЗАПЛАНИРОВАНО'
  | 'ОЖИДАЕТ';

export interface TaskTimes {
  failedReason: string | null;
  finishedOn: number | null;
  processedOn: number | null;
  /** Creation time, epoch ms. */
  timestamp: number;
  /** ms from creation to the planned start. */
  delay: number;
  state?: string;
}

export function taskDisplayStatus(task: TaskTimes, now = Date.now()): TaskDisplayStatus {
  if (task.failedReason) return 'ОШИБКА';
  if (task.state === 'cancelled') return 'ОТМЕНЕНО';
  if (task.finishedOn !== null) return 'ЗАВЕРШЕНО';
  // A task waiting for its retry has started before; its next start is what counts.
  if (task.processedOn !== null && task.state !== 'retry' && task.state !== 'created') return 'ВЫПОЛНЯЕТСЯ';
  if (task.timestamp + task.delay > now) return 'ЗАПЛАНИРОВАНО';
  return 'ОЖИДАЕТ';
}

/** Statuses whose task is still to run or running: what «cancel all active tasks» stops. */
export const OPEN_TASK_STATUSES: readonly TaskDisplayStatus[] = ['ВЫПОЛНЯЕТСЯ', 'ЗАПЛАНИРОВАНО', 'ОЖИДАЕТ'];
