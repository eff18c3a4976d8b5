/** An order's status history as a timeline, oldest first: when, which status, the comment. */
import { formatDateTime } from '../../domain/format';
import * as page from '../../ui/page.css';
import type { StatusChange } from './cabinet-types';
import * as styles from './status-timeline.css';

export function StatusTimeline({ history }: { history: readonly StatusChange[] }) {
  const entries = [...history].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (entries.length === 0) return <p className={page.muted}>История пока пуста.</p>;
  return (
    <ol className={styles.timeline}>
      {entries.map((entry, index) => (
        <li
          key={entry.id}
          className={styles.entry}
          aria-current={index === entries.length - 1 ? 'step' : undefined}
        >
          <span
            className={index === entries.length - 1 ? styles.dot.current : styles.dot.past}
            aria-hidden="true"
          />
          <strong>{entry.statusLabel}</strong>
          <time dateTime={entry.createdAt} className={page.muted}>
            {formatDateTime(entry.createdAt)}
          </time>
          {entry.byCustomer ? <span className={page.muted}>Ваше действие</span> : null}
          {entry.comment ? <span>{entry.comment}</span> : null}
        </li>
      ))}
    </ol>
  );
}
