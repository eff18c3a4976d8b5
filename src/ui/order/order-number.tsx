/**
 * An order's number as people read it: «№ 2611-00001» on one line. The hyphen is a place where
 * browsers break a line, and on a phone «Заказ № 2611-» / «00001» reads as two numbers. Copied,
 * it is the plain number (no invisible characters), so a search or a phone call still finds it.
 */
import * as styles from './order-widgets.css';

export function OrderNumber({ number, sign = true }: { number: string; sign?: boolean }) {
  return <span className={styles.orderNumber}>{sign ? `№ ${number}` : number}</span>;
}
