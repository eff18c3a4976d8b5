/**
 * «2 новых сообщения»: the messages of an order's conversation the reader has not read yet, beside
 * the order in a list (the cabinet's orders, the office's Заявки). Nothing when all are read.
 */
import { countOf } from '../../domain/format';
import { conversation as styles } from '../order/order-widgets.css';

const NEW_MESSAGES = ['новое сообщение', 'новых сообщения', 'новых сообщений'] as const;

export const newMessagesText = (count: number) => countOf(count, NEW_MESSAGES);

export function MessagesBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return <span className={styles.badge}>{newMessagesText(count)}</span>;
}
