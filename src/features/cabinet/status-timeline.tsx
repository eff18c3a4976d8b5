/** An order's status history for its customer, oldest first: when, which status, the comment. */
import { Timeline } from '../../ui/order/timeline';
import * as page from '../../ui/page.css';
import type { StatusChange } from './cabinet-types';

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
