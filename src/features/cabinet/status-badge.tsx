import { ORDER_STATUS_LABELS, type OrderStatus } from '../../domain/order-status';
import * as styles from './cabinet.css';
import { statusTone } from './order-facts';

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={styles.badge[statusTone(status)]}>{ORDER_STATUS_LABELS[status]}</span>;
}
