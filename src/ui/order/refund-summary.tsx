/**
 * An order's refund, as the staff card and the customer's order both show it: «Возврат 2 140 ₽ —
 * в обработке», the reason and when it was made, then what each audience needs (the provider's
 * error for staff; when the money arrives for the customer).
 */
import type { ReactNode } from 'react';
import { formatDateTime } from '../../domain/format';
import { type RefundStatus, refundLine } from '../../domain/refunds';
import * as styles from './order-widgets.css';

export interface ShownRefund {
  amount: number;
  reason: string;
  status: RefundStatus;
  createdAt: string;
}

export function RefundSummary({ refund, children }: { refund: ShownRefund; children?: ReactNode }) {
  return (
    <div className={styles.refund[refund.status]} data-testid="refund">
      <strong>{refundLine(refund)}</strong>
      <span className={styles.refundDetail}>
        Причина: {refund.reason} · оформлен{' '}
        <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>
      </span>
      {children ? <span className={styles.refundDetail}>{children}</span> : null}
    </div>
  );
}
