/**
 * «Заказов ожидают отправки: N» on every page while orders wait in the outbox, each with its
 * state: waiting for the network, being sent, or refused with the server's reason and a way to fix.
 */
import { useNavigate } from '@tanstack/react-router';
import { useDataLayer } from '../../api/data-layer';
import type { OutboxEntry } from '../../db/schema';
import { formatDateTime } from '../../domain/format';
import { ORDER_OPERATION } from '../../outbox/kinds';
import { reopenRefused, replayFromPage } from '../../outbox/page-outbox';
import { button } from '../../ui/button';
import { Toast } from '../../ui/toast';
import * as styles from './pending-orders.css';
import { useUnsentEntries } from './use-outbox';

/**
 * A refusal the server asked to wait out (429 with Retry-After, a busy server) keeps the order
 * queued: the customer sees the reason and when the device tries again, never a lost order.
 */
export function stateOf(entry: OutboxEntry, now = Date.now()): string {
  if (entry.status === 'sending') return 'отправляется…';
  if (entry.status === 'failed') return `не принят: ${entry.lastError ?? 'ошибка'}`;
  if (!entry.lastError) return 'ожидает связи';
  const retry =
    entry.nextAttemptAt && entry.nextAttemptAt > now
      ? `; следующая попытка — ${formatDateTime(entry.nextAttemptAt)}`
      : '';
  return `ожидает отправки (${entry.lastError})${retry}`;
}

export function PendingOrders() {
  const { db } = useDataLayer();
  // A partner's status changes show on their order's card instead (features/partner-orders).
  const entries = useUnsentEntries(db, ORDER_OPERATION);
  const navigate = useNavigate();
  if (!entries || entries.length === 0) return null;
  const failed = entries.some((entry) => entry.status === 'failed');
  return (
    <Toast role={failed ? 'alert' : 'status'}>
      <div className={styles.body}>
        <strong>Заказов ожидают отправки: {entries.length}</strong>
        <ul className={styles.list}>
          {entries.map((entry) => (
            <li key={entry.id}>
              Заказ от {formatDateTime(entry.createdAt)} — {stateOf(entry)}
              {entry.status === 'failed' ? (
                <>
                  {' '}
                  <button
                    type="button"
                    className={styles.fix}
                    onClick={() =>
                      void reopenRefused(db, entry).then(() => navigate({ to: '/order/step-4' }))
                    }
                  >
                    Исправить заказ
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      {failed ? null : (
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          onClick={() => void replayFromPage(db, true)}
        >
          Отправить сейчас
        </button>
      )}
    </Toast>
  );
}
