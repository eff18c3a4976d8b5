/**
 * An order's status history as a timeline, oldest first: when, which status, the comment.
 * `Timeline` draws any dated entries the same way, so the back office's order card shows its
 * status moves and field changes on the one line the cabinet uses.
 */
import type { ReactNode } from 'react';
import { formatDateTime } from '../../domain/format';
import * as page from '../../ui/page.css';
import type { StatusChange } from './cabinet-types';
import * as styles from './status-timeline.css';

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

export function StatusTimeline({ history }: { history: readonly StatusChange[] }) {
  return (
    <Timeline
      entries={history.map((entry) => ({
        key: String(entry.id),
        createdAt: entry.createdAt,
        title: entry.statusLabel,
        details: [
          entry.byCustomer ? (
            <span key="by-customer" className={page.muted}>
              Ваше действие
            </span>
          ) : null,
          entry.comment,
        ],
      }))}
    />
  );
}
