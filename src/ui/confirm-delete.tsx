/**
 * «Удалить» with a confirmation, for anything the back office removes. The caller's `remove`
 * answers the server's words (deleted, or hidden because orders refer to it), which the notice
 * shows; a failure stays beside the button.
 */
import { useState } from 'react';
import { button } from './button';
import * as styles from './confirm-delete.css';
import { Modal } from './widgets/modal';
import { useNotices } from './widgets/notices';
import { useCardWrite, WriteOutcomeLine } from './write-form';

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
  const [confirming, setConfirming] = useState(false);
  const { busy, outcome, write } = useCardWrite();

  async function confirm() {
    setConfirming(false);
    let message = '';
    const done = await write(async () => {
      message = await remove();
      return message;
    });
    if (done) {
      notify(message, 'success');
      await onDeleted();
    }
  }

  return (
    <>
      <button
        type="button"
        className={`${button({ tone: 'secondary' })} ${styles.danger}`}
        disabled={offline || busy}
        onClick={() => setConfirming(true)}
      >
        {busy ? 'Удаляем…' : 'Удалить'}
        <span className="visually-hidden"> {what}</span>
      </button>
      <WriteOutcomeLine outcome={outcome?.error ? outcome : null} />
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={`Удалить ${what}?`}
        description={
          note ??
          'Если на запись ссылаются заказы, она не удалится, а будет скрыта: заказы останутся как были.'
        }
        actions={
          <>
            <button type="button" className={button({ tone: 'primary' })} onClick={() => void confirm()}>
              Да, удалить
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
        <p>Действие записывается в историю изменений.</p>
      </Modal>
    </>
  );
}
