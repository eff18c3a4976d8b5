/**
 * The messages of an order's conversation, oldest first: the reader's own on the right (with
 * whether the other side has read them), the other side's on the left, «Новые сообщения» where
 * the reader's unread part begins, and after them what this device still holds in the outbox —
 * «ждёт сети», «отправляется…», or refused with the server's reason and what to do about it.
 */
import type { components } from '../../api/schema.gen';
import type { OutboxEntry } from '../../db/schema';
import { formatDateTime } from '../../domain/format';
import { type OrderMessagePayload, orderMessageOf } from '../../outbox/order-messages';
import { NETWORK_MESSAGE } from '../../outbox/send';
import { button } from '../button';
import { DownloadButton } from '../order/download-button';
import { formatSize } from '../order/order-sections';
import { conversation as styles } from '../order/order-widgets.css';

export type OrderMessage = components['schemas']['OrderMessage'];
export type MessageWriter = OrderMessagePayload['writer'];

const SIDE_OF: Record<MessageWriter, OrderMessage['side']> = { customer: 'CUSTOMER', office: 'BUREAU' };

function authorOf(message: OrderMessage, writer: MessageWriter): string {
  const own = message.side === SIDE_OF[writer];
  if (writer === 'customer') return own ? 'Вы' : 'Бюро переводов';
  if (!own) return 'Клиент';
  return message.authorEmail ? `Бюро — ${message.authorEmail}` : 'Бюро';
}

function readText(message: OrderMessage, writer: MessageWriter): string {
  if (message.readAt) return writer === 'customer' ? 'прочитано бюро' : 'прочитано клиентом';
  return 'доставлено';
}

export interface MessageListProps {
  writer: MessageWriter;
  messages: readonly OrderMessage[];
  /** The first of the other side's messages that was unread when the thread was opened. */
  firstUnreadId: number | null;
  /** This device's messages not in the thread yet. */
  queued: readonly OutboxEntry[];
  online: boolean;
  onSendNow: () => void;
  onTakeBack: (entry: OutboxEntry) => void;
  onDiscard: (entry: OutboxEntry) => void;
}

export function MessageList(props: MessageListProps) {
  const { writer, messages, firstUnreadId, queued } = props;
  return (
    <ol className={styles.thread} aria-label="Сообщения">
      {messages.map((message) => {
        const own = message.side === SIDE_OF[writer];
        return [
          message.id === firstUnreadId ? (
            <li key="unread" className={styles.unreadLine}>
              Новые сообщения
            </li>
          ) : null,
          <li key={message.id} className={styles.message[own ? 'own' : 'theirs']}>
            <p className={styles.meta}>
              <span className={styles.author}>{authorOf(message, writer)}</span>
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              {own ? <span>{readText(message, writer)}</span> : null}
            </p>
            {message.text ? <p className={styles.text}>{message.text}</p> : null}
            {message.files.length > 0 ? (
              <ul className={styles.files} aria-label="Файлы сообщения">
                {message.files.map((file) => (
                  <li key={file.id}>
                    <DownloadButton url={file.url} name={file.name} />{' '}
                    <span className={styles.meta}>({formatSize(file.size)})</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>,
        ];
      })}
      {queued.map((entry) => (
        <QueuedMessage key={entry.id} entry={entry} {...props} />
      ))}
    </ol>
  );
}

function QueuedMessage({
  entry,
  online,
  onSendNow,
  onTakeBack,
  onDiscard,
}: { entry: OutboxEntry } & Pick<MessageListProps, 'online' | 'onSendNow' | 'onTakeBack' | 'onDiscard'>) {
  const { text, files } = orderMessageOf(entry);
  const refused = entry.status === 'failed';
  const sent = entry.status === 'sent';
  const offline = !online || entry.lastError === NETWORK_MESSAGE;
  const state = sent
    ? 'отправлено'
    : refused
      ? 'не отправлено'
      : entry.status === 'sending'
        ? 'отправляется…'
        : offline
          ? 'ждёт сети'
          : 'ждёт отправки';
  return (
    <li
      className={styles.message[refused ? 'refused' : sent ? 'own' : 'waiting']}
      role={refused ? 'alert' : undefined}
    >
      <p className={styles.meta}>
        <span className={styles.author}>Вы</span>
        <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt)}</time>
        <span className={styles.state}>{state}</span>
      </p>
      {text ? <p className={styles.text}>{text}</p> : null}
      {files.length > 0 ? (
        <p className={styles.meta}>Файлы: {files.map((file) => file.name).join(', ')}</p>
      ) : null}
      {refused ? (
        <>
          <p className={styles.text}>{entry.lastError}</p>
          <div className={styles.stateActions}>
            <button type="button" className={button({ tone: 'secondary' })} onClick={() => onTakeBack(entry)}>
              Исправить
            </button>
            <button type="button" className={button({ tone: 'secondary' })} onClick={() => onDiscard(entry)}>
              Удалить<span className="visually-hidden"> неотправленное сообщение</span>
            </button>
          </div>
        </>
      ) : null}
      {entry.status === 'pending' && online && !refused ? (
        <div className={styles.stateActions}>
          <button type="button" className={button({ tone: 'secondary' })} onClick={onSendNow}>
            Отправить сейчас
          </button>
        </div>
      ) : null}
    </li>
  );
}
