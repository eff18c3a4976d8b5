/**
 * «Are you sure?» before an action that cannot be undone (cancelling an order): a modal dialog
 * (Radix: focus trapped inside, Escape and «Нет» close it, focus returns to the button that
 * opened it). The action runs only on the confirming button.
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { button } from '../../ui/button';
import * as cabinet from './cabinet.css';
import * as styles from './confirm-dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>{props.title}</Dialog.Title>
          <Dialog.Description asChild>
            <div>{props.children}</div>
          </Dialog.Description>
          <div className={cabinet.actions}>
            <button
              type="button"
              className={button({ tone: 'primary' })}
              onClick={() => {
                props.onOpenChange(false);
                props.onConfirm();
              }}
            >
              {props.confirmLabel}
            </button>
            <Dialog.Close className={button({ tone: 'secondary' })}>
              {props.cancelLabel ?? 'Нет'}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
