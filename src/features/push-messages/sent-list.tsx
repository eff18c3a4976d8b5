/**
 * Messages sent so far, newest first, each with its audience, who sent it and what became of it:
 * how many users got the in-app notification, how many devices the push was queued for, and of
 * those how many it reached, how many failed and how many were removed as expired subscriptions.
 */
import { formatDateTime } from '../../domain/format';
import { ROLE_LABELS } from '../../domain/roles';
import * as page from '../../ui/page.css';
import * as styles from './push-messages.css';
import type { SentPush } from './push-rules';

function audienceText(message: SentPush): string {
  if (message.audience === 'ROLE' && message.role) return `Роль: ${ROLE_LABELS[message.role]}`;
  if (message.audience === 'USER') return `Пользователь: ${message.recipientEmail ?? 'удалён'}`;
  return 'Все подписанные';
}

export function SentList({ messages }: { messages: readonly SentPush[] }) {
  if (messages.length === 0) return <p className={page.muted}>Сообщений ещё не отправляли</p>;
  return (
    <ul className={page.cardList} aria-label="Отправленные сообщения">
      {messages.map((message) => {
        const pending = message.devices - message.delivered - message.failed - message.removed;
        return (
          <li key={message.id} className={page.compactCard}>
            <p className={styles.sentTitle}>{message.title}</p>
            <p className={styles.sentBody}>{message.body}</p>
            <p className={page.muted}>
              {formatDateTime(message.createdAt)} · {audienceText(message)} · отправил(а){' '}
              {message.sentByEmail ?? 'удалённый пользователь'}
              {message.url ? ` · ссылка ${message.url}` : ''}
            </p>
            <dl className={styles.counts}>
              <div>
                <dt>Получателей</dt>
                <dd>{message.recipients}</dd>
              </div>
              <div>
                <dt>Устройств</dt>
                <dd>{message.devices}</dd>
              </div>
              <div>
                <dt>Доставлено</dt>
                <dd>{message.delivered}</dd>
              </div>
              <div>
                <dt>Ошибок</dt>
                <dd>{message.failed}</dd>
              </div>
              <div>
                <dt>Удалено подписок</dt>
                <dd>{message.removed}</dd>
              </div>
              {pending > 0 ? (
                <div>
                  <dt>В очереди</dt>
                  <dd>{pending}</dd>
                </div>
              ) : null}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
