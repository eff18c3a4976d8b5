/**
 * An order's number as people read it: «№ 2611-00001» on one line. The hyphen is a place where
 * browsers break a line, and on a phone «Заказ № 2611-» / «00001» reads as two numbers. Copied,
 * it is the plain number (no invisible characters), so a search or a phone call still finds it.
 * Text the server writes («Оплатите счёт СЧ-2611-00004 на 1 200 ₽») keeps its numbers whole too.
 */
import type { ReactNode } from 'react';
import * as styles from './order-widgets.css';

export function OrderNumber({ number, sign = true }: { number: string; sign?: boolean }) {
  return <span className={styles.orderNumber}>{sign ? `№ ${number}` : number}</span>;
}

/** Order, invoice and act numbers: «2611-00042», «СЧ-2611-00004», «АКТ-2611-00004». */
const NUMBER = /(?:[А-ЯЁA-Z]{1,4}-)?\d{4}-\d{5}/g;

/** A sentence with every order or document number in it kept on one line. */
export function WithWholeNumbers({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(NUMBER)) {
    parts.push(text.slice(from, match.index));
    parts.push(
      <span key={match.index} className={styles.orderNumber}>
        {match[0]}
      </span>,
    );
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}
