/**
 * Deleting an order (DELETE /api/order, ADMIN only): a button, then a confirmation that names the
 * order, since nothing brings it back. On success the caller leaves the card; the notice tells
 * where the order went.
 */
import { useDataLayer } from '../../api/data-layer';
import { ConfirmedDelete } from '../../ui/confirmed-delete';
import { useNotices } from '../../ui/widgets/notices';

export interface DeleteOrderProps {
  order: { id: number; number: string };
  offline: boolean;
  onDeleted: () => void;
}

export function DeleteOrder({ order, offline, onDeleted }: DeleteOrderProps) {
  const { api } = useDataLayer();
  const { notify } = useNotices();
  return (
    <ConfirmedDelete
      warning="Удалённый заказ не восстановить: вместе с ним удаляются его история и изменения."
      buttonLabel="Удалить заказ"
      title={`Удалить заказ № ${order.number}?`}
      description="Заказ, его история и изменения будут удалены без возможности восстановления."
      confirmLabel="Да, удалить заказ"
      offline={offline}
      onConfirm={async () => {
        await api.client.DELETE('/api/order', { params: { query: { id: order.id } } });
        return `Заказ № ${order.number} удалён`;
      }}
      onDeleted={(message) => {
        notify(message, 'success');
        onDeleted();
      }}
    >
      <p>Клиент больше не увидит этот заказ в личном кабинете.</p>
    </ConfirmedDelete>
  );
}
