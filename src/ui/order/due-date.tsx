/**
 * An order's promised date as the office reads it: «25 ноября, ср» and, for an order still in
 * work, a mark when it is late («просрочен») or due today («сегодня»). The same in the office
 * list and on the order card; a date-only value, so no time zone can move it.
 */

import { formatDay } from '../../domain/day-text';
import { DUE_MARK_LABELS, dueMark } from '../../domain/due-date';
import type { OrderStatus } from '../../domain/order-status';
import * as styles from './order-widgets.css';

export function DueDate({
  dueDate,
  status,
  today,
  urgent = false,
  weekday = true,
}: {
  dueDate: string | null | undefined;
  status: OrderStatus;
  /** The Moscow date today. */
  today: string;
  urgent?: boolean;
  weekday?: boolean;
}) {
  if (!dueDate) return <span>—</span>;
  const mark = dueMark({ dueDate, status }, today);
  return (
    <span className={styles.dueDate}>
      <time dateTime={dueDate}>{formatDay(dueDate, { weekday, thisYear: Number(today.slice(0, 4)) })}</time>
      {urgent ? <span className={styles.badge.action}>срочно</span> : null}
      {mark ? <span className={styles.dueMark[mark]}>{DUE_MARK_LABELS[mark]}</span> : null}
    </span>
  );
}
