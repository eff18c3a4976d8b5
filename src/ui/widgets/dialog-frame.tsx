/**
 * The frame the modal layouts and the slide-over panel share: a Radix dialog (focus trapped
 * inside, Escape and a click on the backdrop close it, focus returns to where it was, the page
 * behind does not scroll), a title
 * and a close button, a scrolling body and an optional row of actions, the 300 ms close
 * animation (closing-delay.ts). The variants differ only in classes.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { useClosingDelay } from './closing-delay';
import * as styles from './dialog-frame.css';

export interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** One sentence under the title that screen readers read with it. */
  description?: string;
  children: ReactNode;
  /** Buttons at the bottom (Сохранить, Отмена); they stay visible while the body scrolls. */
  actions?: ReactNode;
}

export function DialogFrame(
  props: DialogFrameProps & { contentClassName: string; overlayClassName: string },
) {
  const { open, onOpenChange, title, description, children, actions } = props;
  const { mounted } = useClosingDelay(open);
  // Marked until the very end: if the mark went with the last render, the CSS would switch back
  // to the opening animation and Radix would wait for it, flashing the dialog in again.
  const closingMark = open ? undefined : '';
  // Radix gives focus back only to its own Trigger; our callers open the dialog from anywhere.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root
      open={mounted}
      onOpenChange={(next) => {
        if (!next && open) onOpenChange(false);
      }}
    >
      <Dialog.Portal>
        {/* Our own backdrop, not Dialog.Overlay: that one locks scrolling by injecting a <style>
            element, which the app's Content-Security-Policy refuses (style-src 'self'). The lock
            is plain CSS instead (dialog-frame.css.ts); a press here is outside the dialog and closes it. */}
        <div
          className={props.overlayClassName}
          data-closing={closingMark}
          data-scroll-lock=""
          aria-hidden="true"
        />
        <Dialog.Content
          className={props.contentClassName}
          data-closing={closingMark}
          onOpenAutoFocus={() => {
            returnFocusTo.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (returnFocusTo.current?.isConnected) returnFocusTo.current.focus();
          }}
          // Without a description Radix would point aria-describedby at nothing.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Закрыть">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          ) : null}
          <div className={styles.body}>{children}</div>
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
