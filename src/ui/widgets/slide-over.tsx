/**
 * The slide-over panel (docs/back-office-screens.md, widgets): a dialog that slides in from the
 * right edge over the page, the whole width of a phone, 28rem on a desktop. For filters and quick
 * edits beside a list.
 *
 *   <SlideOver open={open} onOpenChange={setOpen} title="Фильтры">…</SlideOver>
 */
import { DialogFrame, type DialogFrameProps } from './dialog-frame';
import * as styles from './dialog-frame.css';

export function SlideOver(frame: DialogFrameProps) {
  return <DialogFrame {...frame} overlayClassName={styles.overlay} contentClassName={styles.slideOver} />;
}
