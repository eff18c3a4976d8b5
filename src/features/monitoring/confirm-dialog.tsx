/** A question before an action nothing undoes (docs/back-office-screens.md, monitoring): «Да, …» or «Нет». */
import type { ReactNode } from 'react';
import { button } from '../../ui/button';
import { Modal } from '../../ui/widgets/modal';

export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  question: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.question}
      description={props.description}
      actions={
        <>
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
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            onClick={() => props.onOpenChange(false)}
          >
            Нет
          </button>
        </>
      }
    >
      {props.children}
    </Modal>
  );
}
