// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MODAL_CLOSE_MS } from './closing-delay';
import * as styles from './dialog-frame.css';
import { SlideOver } from './slide-over';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Filters() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Фильтры
      </button>
      <SlideOver open={open} onOpenChange={setOpen} title="Фильтры заявок">
        <label>
          Телефон
          <input />
        </label>
      </SlideOver>
    </>
  );
}

function openPanel() {
  render(<Filters />);
  const trigger = screen.getByRole('button', { name: 'Фильтры' });
  trigger.focus();
  fireEvent.click(trigger);
  act(() => vi.runOnlyPendingTimers());
  return { trigger, panel: screen.getByRole('dialog', { name: 'Фильтры заявок' }) };
}

describe('SlideOver', () => {
  it('is a dialog at the right edge with the focus inside it', () => {
    const { panel } = openPanel();
    expect(panel.className).toContain(styles.slideOver);
    expect(panel.contains(document.activeElement)).toBe(true);
  });

  it('closes on a click outside, after its 300 ms animation, and gives focus back', () => {
    const { trigger, panel } = openPanel();
    const overlay = panel.previousElementSibling as HTMLElement;
    fireEvent.pointerDown(overlay);
    fireEvent.click(overlay);
    expect(screen.getByRole('dialog').hasAttribute('data-closing')).toBe(true);
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_MS));
    act(() => vi.runOnlyPendingTimers());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('ignores a second close while it is already closing', () => {
    const onOpenChange = vi.fn();
    const { rerender } = render(
      <SlideOver open onOpenChange={onOpenChange} title="Фильтры заявок">
        <p>…</p>
      </SlideOver>,
    );
    act(() => vi.runOnlyPendingTimers());
    rerender(
      <SlideOver open={false} onOpenChange={onOpenChange} title="Фильтры заявок">
        <p>…</p>
      </SlideOver>,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
