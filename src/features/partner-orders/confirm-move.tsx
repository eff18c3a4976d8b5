/**
 * «Принят в пункте выдачи?» — the confirmation before a move, with an optional comment. A move on
 * a phone is one tap away from a mistake, and a mistaken «Выдан клиенту» cannot be taken back by a
 * partner, so nothing is queued until the partner confirms.
 */
import { useState } from 'react';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../domain/order-status';
import { button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { Modal } from '../../ui/widgets/modal';
import { moveLabel } from './card-state';
import * as styles from './partner-orders.css';

export interface ConfirmMoveProps {
  orderNumber: string;
  to: OrderStatus | null;
  onConfirm: (to: OrderStatus, comment: string) => void;
  onCancel: () => void;
}

export function ConfirmMove({ orderNumber, to, onConfirm, onCancel }: ConfirmMoveProps) {
  const [comment, setComment] = useState('');
  // The last move stays in the dialog while it closes (300 ms), so the text does not blank out.
  const [shown, setShown] = useState<OrderStatus | null>(to);
  if (to && to !== shown) setShown(to);
  const move = to ?? shown;
  return (
    <Modal
      open={to !== null}
      onOpenChange={(open) => {
        if (!open) {
          setComment('');
          onCancel();
        }
      }}
      title={move ? `${moveLabel(move)}?` : ''}
      description={
        move
          ? `Заказ № ${orderNumber} получит статус «${ORDER_STATUS_LABELS[move]}». Без связи изменение сохранится и отправится, когда связь появится.`
          : undefined
      }
      actions={
        <>
          <button
            type="button"
            className={`${button({ tone: 'primary' })} ${styles.bigButton}`}
            onClick={() => {
              if (!move) return;
              onConfirm(move, comment);
              setComment('');
            }}
          >
            Подтвердить
          </button>
          <button
            type="button"
            className={`${button({ tone: 'secondary' })} ${styles.bigButton}`}
            onClick={() => {
              setComment('');
              onCancel();
            }}
          >
            Отмена
          </button>
        </>
      }
    >
      <TextField
        multiline
        label="Комментарий (необязательно)"
        hint="Например: кто забрал заказ"
        value={comment}
        onValueChange={setComment}
        maxLength={2000}
      />
    </Modal>
  );
}
