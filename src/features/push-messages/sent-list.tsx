/**
 * Messages sent so far, newest first, each with its audience, who sent it and what became of it,
 * in words (push-outcome.ts): how many users see it in the app, how many devices the push was
 * queued for, and of those how many it reached, how many failed and how many were removed as
 * expired subscriptions.
 */
import { formatDateTime } from '../../domain/format';
import { ROLE_LABELS } from '../../domain/roles';
import * as page from '../../ui/page.css';
import * as styles from './push-messages.css';
import { deliveryText } from './push-outcome';
import type { SentPush } from './push-rules';

function audienceText(message: SentPush): string {
  if (message.audience === 'ROLE' && message.role) return `Роль: ${ROLE_LABELS[message.role]}`;
  if (message.audience === 'USER') return `Пользователь: ${message.recipientEmail ?? 'удалён'}`;
  return 'Все пользователи';
}

export function SentList({ messages }: { messages: readonly SentPush[] }) {
  if (messages.length === 0) return <p className={page.muted}>Сообщений ещё не отправляли</p>;
  return (
    <ul className={page.cardList} aria-label="Отправленные сообщения">
      {messages.map((message) => {
        return (
          <li key={message.id} className={page.compactCard}>
            <p className={styles.sentTitle}>{message.title}</p>
            <p className={styles.sentBody}>{message.body}</p>
            <p className={page.muted}>
              {formatDateTime(message.createdAt)} · {audienceText(message)} · отправил(а){' '}
              {message.sentByEmail ?? 'удалённый пользователь'}
              {message.url ? ` · ссылка ${message.url}` : ''}
            </p>
            <p className={styles.outcome}>{deliveryText(message)}</p>
          </li>
        );
      })}
    </ul>
  );
}
