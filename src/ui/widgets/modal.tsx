/**
 * The modal layouts (docs/back-office-screens.md, widgets): `default`, a window in the middle of
 * the screen, and `fullScreen`, for long work (an order's documents) and for phones. Both are
 * controlled by the caller:
 *
 *   <Modal open={open} onOpenChange={setOpen} title="Изменить сумму"
 *     actions={<button …>Сохранить</button>}>…</Modal>
 */
import { DialogFrame, type DialogFrameProps } from './dialog-frame';
import * as styles from './dialog-frame.css';

export type ModalLayout = 'default' | 'fullScreen';

export function Modal({ layout = 'default', ...frame }: DialogFrameProps & { layout?: ModalLayout }) {
  return (
    <DialogFrame
      {...frame}
      overlayClassName={styles.overlay}
      contentClassName={layout === 'fullScreen' ? styles.fullScreen : styles.modal}
    />
  );
}
