/** An order's status as a coloured label: the same badge in the cabinet, the office list and card, the partner's cards. */
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../domain/order-status';
import * as styles from './order-widgets.css';
import { statusTone } from './status-tone';

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={styles.badge[statusTone(status)]}>{ORDER_STATUS_LABELS[status]}</span>;
}
