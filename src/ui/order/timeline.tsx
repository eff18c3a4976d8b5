/**
 * Dated entries of an order on one line, oldest first: when, what, the details. The cabinet's
 * status history and the back office card's status moves and field changes look the same.
 */
import type { ReactNode } from 'react';
import { formatDateTime } from '../../domain/format';
import * as page from '../page.css';
import * as styles from './timeline.css';

export interface TimelineEntry {
  key: string;
  createdAt: string;
  title: ReactNode;
  /** Lines under the title and the time: who, what changed, the comment. */
  details: readonly ReactNode[];
}

export function Timeline({ entries }: { entries: readonly TimelineEntry[] }) {
  const sorted = [...entries].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (sorted.length === 0) return <p className={page.muted}>История пока пуста.</p>;
  return (
    <ol className={styles.timeline}>
      {sorted.map((entry, index) => {
        const current = index === sorted.length - 1;
        return (
          <li key={entry.key} className={styles.entry} aria-current={current ? 'step' : undefined}>
            <span className={current ? styles.dot.current : styles.dot.past} aria-hidden="true" />
            <strong>{entry.title}</strong>
            <time dateTime={entry.createdAt} className={page.muted}>
              {formatDateTime(entry.createdAt)}
            </time>
            {entry.details.map((detail, line) =>
              // biome-ignore lint/suspicious/noArrayIndexKey: an entry's lines never move
              detail ? <span key={line}>{detail}</span> : null,
            )}
          </li>
        );
      })}
    </ol>
  );
}
