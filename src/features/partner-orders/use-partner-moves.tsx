/**
 * A partner's status moves, shared by the list and an order's card: a tapped move is confirmed
 * first (ConfirmMove), then queued in the outbox and sent at once when online; a move the device
 * could not even store is said in words. `confirm` is the dialog to render once on the page.
 */
import { type ReactNode, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import type { OrderStatus } from '../../domain/order-status';
import { submitStatusChange } from '../../outbox/page-outbox';
import { ConfirmMove } from './confirm-move';

interface MovedOrder {
  id: number;
  number: string;
}

interface Move {
  order: MovedOrder;
  from: OrderStatus;
  to: OrderStatus;
}

export interface PartnerMoves {
  /** Asks to confirm a move. */
  request: (order: MovedOrder, from: OrderStatus, to: OrderStatus) => void;
  /** Queues a move again at once (a refused one the partner retries). */
  send: (order: MovedOrder, from: OrderStatus, to: OrderStatus, comment?: string) => void;
  problem: string | null;
  confirm: ReactNode;
}

export function usePartnerMoves(): PartnerMoves {
  const { db } = useDataLayer();
  const [move, setMove] = useState<Move | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = (order: MovedOrder, from: OrderStatus, to: OrderStatus, comment?: string) => {
    setProblem(null);
    submitStatusChange(db, { orderId: order.id, orderNumber: order.number, from, to, comment }).catch(() =>
      setProblem('Не удалось сохранить изменение на устройстве. Обновите страницу и повторите.'),
    );
  };

  const confirm = (
    <ConfirmMove
      orderNumber={move?.order.number ?? ''}
      to={move?.to ?? null}
      onCancel={() => setMove(null)}
      onConfirm={(to, comment) => {
        if (move) send(move.order, move.from, to, comment);
        setMove(null);
      }}
    />
  );
  return { request: (order, from, to) => setMove({ order, from, to }), send, problem, confirm };
}
