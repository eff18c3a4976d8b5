/**
 * The status changer of the back office (the orders list and the order card): offers only the
 * moves the status machine allows the role from the status shown, with an optional comment, and
 * sends PATCH /api/order/status naming that status as expectedStatus. When someone moved the order
 * meanwhile, or the machine refuses, the server's reason is shown and the order is read again, so
 * the screen shows where it really is; nothing is applied over a newer status.
 *
 *   <StatusChanger order={{ id, number, status }} role="MANAGER" onChanged={(order) => refresh(order)} />
 */
import { useCallback, useState } from 'react';
import { allowedTransitions, ORDER_STATUS_LABELS } from '../../domain/order-status';
import type { Role } from '../../domain/roles';
import { button } from '../button';
import { useNotices } from '../widgets/notices';
import { type ShownOrder, type StaffOrder, StatusChangeDialog } from './status-change-dialog';
import * as styles from './status-changer.css';

export type { StaffOrder } from './status-change-dialog';

export interface StatusChangerProps {
  /** The order as the screen shows it: its status is the one the move starts from. */
  order: ShownOrder;
  role: Role;
  /**
   * The order as the server has it now: after a successful move, and after a refused one (read
   * again), so the caller refreshes its row or card.
   */
  onChanged: (order: StaffOrder) => void;
  /** A smaller «Изменить» button for table rows; the accessible name stays the full one. */
  compact?: boolean;
}

export function StatusChanger({ order, role, onChanged, compact = false }: StatusChangerProps) {
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const { notify } = useNotices();
  const targets = allowedTransitions(order.status, role);
  const changed = useCallback(
    (next: StaffOrder) => {
      notify(`Заказ № ${next.number}: статус «${ORDER_STATUS_LABELS[next.status]}»`, 'success');
      onChanged(next);
    },
    [notify, onChanged],
  );
  // A refusal may leave the order where no move is possible: the open dialog still says why.
  if (targets.length === 0 && !open) return null;
  return (
    <>
      <button
        type="button"
        className={
          compact
            ? `${button({ tone: 'secondary' })} ${styles.compactTrigger}`
            : button({ tone: 'secondary' })
        }
        aria-haspopup="dialog"
        aria-label={`Изменить статус заказа № ${order.number}`}
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
      >
        {compact ? 'Изменить' : 'Изменить статус'}
      </button>
      <StatusChangeDialog
        key={opening}
        open={open}
        onOpenChange={setOpen}
        order={order}
        targets={targets}
        onChanged={changed}
        onRefreshed={onChanged}
      />
    </>
  );
}
