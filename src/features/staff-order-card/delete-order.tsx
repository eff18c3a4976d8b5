/**
 * Deleting an order (DELETE /api/order, ADMIN only): a button, then a confirmation that names the
 * order, since nothing brings it back. On success the caller leaves the card; the notice tells
 * where the order went.
 */
import { useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { button } from '../../ui/button';
import * as form from '../../ui/form.css';
import { Modal } from '../../ui/widgets/modal';
import { useNotices } from '../../ui/widgets/notices';
import { OFFLINE_WRITE_TEXT, useCardWrite, WriteOutcomeLine } from '../../ui/write-form';
import * as styles from './order-card.css';

export interface DeleteOrderProps {
  order: { id: number; number: string };
  offline: boolean;
  onDeleted: () => void;
}

export function DeleteOrder({ order, offline, onDeleted }: DeleteOrderProps) {
  const { api } = useDataLayer();
  const { notify } = useNotices();
  const [confirming, setConfirming] = useState(false);
  const { busy, outcome, write } = useCardWrite();

  async function remove() {
    setConfirming(false);
    const deleted = await write(async () => {
      await api.client.DELETE('/api/order', { params: { query: { id: order.id } } });
      return `Заказ № ${order.number} удалён`;
    });
    if (deleted) {
      notify(`Заказ № ${order.number} удалён`, 'success');
      onDeleted();
    }
  }

  return (
    <div className={styles.danger}>
      <p className={form.hint}>
        Удалённый заказ не восстановить: вместе с ним удаляются его история и изменения.
      </p>
      <div className={form.actions}>
        <button
          type="button"
          className={`${button({ tone: 'secondary' })} ${styles.dangerButton}`}
          disabled={busy || offline}
          onClick={() => setConfirming(true)}
        >
          {busy ? 'Удаляем…' : 'Удалить заказ'}
        </button>
      </div>
      {offline ? <p className={form.hint}>{OFFLINE_WRITE_TEXT}</p> : null}
      <WriteOutcomeLine outcome={outcome?.error ? outcome : null} />
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={`Удалить заказ № ${order.number}?`}
        description="Заказ, его история и изменения будут удалены без возможности восстановления."
        actions={
          <>
            <button
              type="button"
              className={`${button({ tone: 'primary' })} ${styles.dangerSolid}`}
              onClick={() => void remove()}
            >
              Да, удалить заказ
            </button>
            <button
              type="button"
              className={button({ tone: 'secondary' })}
              onClick={() => setConfirming(false)}
            >
              Нет, оставить
            </button>
          </>
        }
      >
        <p>Клиент больше не увидит этот заказ в личном кабинете.</p>
      </Modal>
    </div>
  );
}
