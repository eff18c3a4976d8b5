import type { OrderStatus } from '../../domain/order-status';
import * as styles from './cabinet.css';
import { statusLabel, statusTone } from './order-facts';

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={styles.badge[statusTone(status)]}>{statusLabel(status)}</span>;
}
