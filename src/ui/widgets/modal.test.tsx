// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MODAL_CLOSE_MS } from './closing-delay';
import * as styles from './dialog-frame.css';
import { Modal, type ModalLayout } from './modal';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function AmountEditor({ layout }: { layout?: ModalLayout }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Изменить сумму
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        layout={layout}
        title="Сумма заказа"
        description="Новая сумма попадёт в историю заказа."
        actions={
          <button type="button" onClick={() => setOpen(false)}>
            Сохранить
          </button>
        }
      >
        <label>
          Сумма
          <input />
        </label>
      </Modal>
    </>
  );
}

function openEditor(layout?: ModalLayout) {
  render(<AmountEditor layout={layout} />);
  const trigger = screen.getByRole('button', { name: 'Изменить сумму' });
  trigger.focus();
  fireEvent.click(trigger);
  act(() => vi.runOnlyPendingTimers());
  return { trigger, dialog: screen.getByRole('dialog', { name: 'Сумма заказа' }) };
}

describe('Modal', () => {
  it('opens as a dialog named by its title and described by its description, focus inside', () => {
    const { dialog } = openEditor();
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') as string)?.textContent).toBe(
      'Новая сумма попадёт в историю заказа.',
    );
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(dialog.className).toContain(styles.modal);
  });

  it('locks the page behind with CSS, without injecting a <style> element the CSP would refuse', () => {
    const styleElements = document.querySelectorAll('style').length;
    openEditor();
    expect(document.querySelectorAll('style').length).toBe(styleElements);
    expect(document.querySelector('[data-scroll-lock]')).not.toBeNull();
  });

  it('the full-screen layout takes the full-screen frame', () => {
    const { dialog } = openEditor('fullScreen');
    expect(dialog.className).toContain(styles.fullScreen);
  });

  it('keeps Tab inside the dialog: from the last control it goes back to the first', () => {
    const { dialog } = openEditor();
    const save = screen.getByRole('button', { name: 'Сохранить' });
    save.focus();
    fireEvent.keyDown(save, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Закрыть' }));
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('on Escape plays its 300 ms close animation, then goes and gives focus back to the trigger', () => {
    const { trigger, dialog } = openEditor();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_MS - 1));
    expect(screen.getByRole('dialog').hasAttribute('data-closing')).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    act(() => vi.runOnlyPendingTimers());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('animates out the same way when the caller closes it (after a save) or the close button is pressed', () => {
    openEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByRole('dialog').hasAttribute('data-closing')).toBe(true);
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_MS));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Изменить сумму' }));
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.getByRole('dialog').hasAttribute('data-closing')).toBe(true);
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_MS));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
