/**
 * The back office's one way to delete: a red button, then a confirmation dialog that names what
 * goes, «Да, удалить…» or «Нет, оставить». With a `warning` it is a card's danger zone (an order,
 * a user: the warning above the button, and offline the reason the button is off); without one,
 * a row's button (ConfirmDelete). A refusal shows under the button.
 *
 *   <ConfirmedDelete warning="…" buttonLabel="Удалить заказ" title="Удалить заказ № 42?"
 *     description="…" confirmLabel="Да, удалить заказ" offline={offline}
 *     onConfirm={async () => { await api…; return 'Заказ удалён'; }} onDeleted={leave} />
 */
import { type ReactNode, useState } from 'react';
import { button } from './button';
import * as styles from './confirmed-delete.css';
import * as form from './form.css';
import { Modal } from './widgets/modal';
import { OFFLINE_WRITE_TEXT, useCardWrite, WriteOutcomeLine } from './write-form';

export interface ConfirmedDeleteProps {
  /** What goes with it, said above the button; none in a list row. */
  warning?: string;
  buttonLabel: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  /** More words inside the dialog. */
  children?: ReactNode;
  offline: boolean;
  /** The deletion; its text is what the caller announces. */
  onConfirm: () => Promise<string>;
  onDeleted: (text: string) => void | Promise<void>;
}

export function ConfirmedDelete(props: ConfirmedDeleteProps) {
  const [confirming, setConfirming] = useState(false);
  const { busy, outcome, write } = useCardWrite();
  let done = '';

  async function remove() {
    setConfirming(false);
    const deleted = await write(async () => {
      done = await props.onConfirm();
      return done;
    });
    if (deleted) await props.onDeleted(done);
  }

  return (
    <div className={styles.zone}>
      {props.warning ? <p className={form.hint}>{props.warning}</p> : null}
      <div className={form.actions}>
        <button
          type="button"
          className={`${button({ tone: 'secondary' })} ${styles.dangerButton}`}
          disabled={busy || props.offline}
          onClick={() => setConfirming(true)}
        >
          {busy ? 'Удаляем…' : props.buttonLabel}
        </button>
      </div>
      {props.offline && props.warning ? <p className={form.hint}>{OFFLINE_WRITE_TEXT}</p> : null}
      <WriteOutcomeLine outcome={outcome?.error ? outcome : null} />
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={props.title}
        description={props.description}
        actions={
          <>
            <button
              type="button"
              className={`${button({ tone: 'primary' })} ${styles.dangerSolid}`}
              onClick={() => void remove()}
            >
              {props.confirmLabel}
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
        {props.children}
      </Modal>
    </div>
  );
}
