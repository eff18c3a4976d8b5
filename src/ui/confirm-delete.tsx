/**
 * «Удалить» with a confirmation in a list row of the back office (ConfirmedDelete without a
 * warning). The caller's `remove` answers the server's words (deleted, or hidden because orders
 * refer to it), which the notice shows; a failure stays beside the button.
 */
import { ConfirmedDelete } from './confirmed-delete';
import { useNotices } from './widgets/notices';

export interface ConfirmDeleteProps {
  /** «документ «Паспорт»» — said in the question and the button. */
  what: string;
  offline: boolean;
  /** Deletes, and answers the server's message. */
  remove: () => Promise<string>;
  onDeleted: () => void | Promise<void>;
  note?: string;
}

export function ConfirmDelete({ what, offline, remove, onDeleted, note }: ConfirmDeleteProps) {
  const { notify } = useNotices();
  return (
    <ConfirmedDelete
      buttonLabel={
        <>
          Удалить<span className="visually-hidden"> {what}</span>
        </>
      }
      title={`Удалить ${what}?`}
      description={
        note ?? 'Если на запись ссылаются заказы, она не удалится, а будет скрыта: заказы останутся как были.'
      }
      confirmLabel="Да, удалить"
      offline={offline}
      onConfirm={remove}
      onDeleted={async (message) => {
        notify(message, 'success');
        await onDeleted();
      }}
    >
      <p>Действие записывается в историю изменений.</p>
    </ConfirmedDelete>
  );
}
