// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Select, type SelectOption } from './select';
import { findTypeAhead, TYPE_AHEAD_RESET_MS } from './type-ahead';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const statuses: SelectOption[] = [
  { value: 'NEW', label: 'Новый' },
  { value: 'PAID', label: 'Оплачен' },
  { value: 'WORK', label: 'В работе' },
  { value: 'READY', label: 'Готов' },
  { value: 'POINT', label: 'Выдан в пункте', disabled: true },
  { value: 'DONE', label: 'Выполнен' },
];

function StatusSelect({ onChange }: { onChange?: (value: string) => void }) {
  const [status, setStatus] = useState<string | null>(null);
  return (
    <>
      <Select
        label="Статус"
        options={statuses}
        value={status}
        onValueChange={(value) => {
          setStatus(value);
          onChange?.(value);
        }}
      />
      <button type="button">Дальше</button>
    </>
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'Статус' });
const key = (name: string, extra: object = {}) => fireEvent.keyDown(combobox(), { key: name, ...extra });
const activeText = () => {
  const id = combobox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent?.replace('✓', '') : undefined;
};

describe('Select', () => {
  it('shows «Выберите поле» until something is chosen, and a closed listbox', () => {
    render(<StatusSelect />);
    expect(combobox().textContent).toContain('Выберите поле');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(combobox().getAttribute('aria-haspopup')).toBe('listbox');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens from the keyboard, moves with the arrows past a disabled option, and takes one with Enter', () => {
    const onChange = vi.fn();
    render(<StatusSelect onChange={onChange} />);
    key('ArrowDown');
    expect(screen.getByRole('listbox', { name: 'Статус' })).toBeTruthy();
    expect(activeText()).toBe('Новый');
    key('End');
    expect(activeText()).toBe('Выполнен');
    key('ArrowUp');
    expect(activeText()).toBe('Готов');
    key('Enter');
    expect(onChange).toHaveBeenCalledWith('READY');
    expect(combobox().textContent).toContain('Готов');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    key(' ');
    expect(activeText()).toBe('Готов');
    key('Escape');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('takes the active option on Tab and closes when the focus leaves', () => {
    const onChange = vi.fn();
    render(<StatusSelect onChange={onChange} />);
    key('ArrowDown');
    key('ArrowDown');
    key('Tab');
    expect(onChange).toHaveBeenCalledWith('PAID');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    key('ArrowDown');
    fireEvent.blur(combobox(), { relatedTarget: screen.getByRole('button', { name: 'Дальше' }) });
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('names its listbox and options for screen readers and marks the chosen one', () => {
    render(<StatusSelect />);
    key('ArrowDown');
    key('Enter');
    key('ArrowDown');
    const listbox = screen.getByRole('listbox', { name: 'Статус' });
    expect(combobox().getAttribute('aria-controls')).toBe(listbox.id);
    expect(screen.getByRole('option', { name: /Новый/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: /Выдан в пункте/ }).getAttribute('aria-disabled')).toBe('true');
  });

  it('takes an option by click', () => {
    render(<StatusSelect />);
    fireEvent.click(combobox());
    fireEvent.mouseDown(screen.getByRole('option', { name: /Оплачен/ }));
    expect(combobox().textContent).toContain('Оплачен');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('jumps to the typed letters, and starts a new search 350 ms after the last key', () => {
    vi.useFakeTimers();
    render(<StatusSelect />);
    key('в');
    expect(activeText()).toBe('В работе');
    key('ы');
    expect(activeText()).toBe('Выполнен');
    act(() => vi.advanceTimersByTime(TYPE_AHEAD_RESET_MS - 1));
    key('п');
    // Still one search: «вып» → Выполнен.
    expect(activeText()).toBe('Выполнен');
    act(() => vi.advanceTimersByTime(TYPE_AHEAD_RESET_MS));
    key('г');
    expect(activeText()).toBe('Готов');
  });
});

describe('findTypeAhead', () => {
  const labels = ['Москва', 'Мурманск', 'Омск', 'Магадан', 'Ёлки'];
  it('steps through options starting with a letter pressed again and again', () => {
    expect(findTypeAhead(labels, 'м', -1)).toBe(0);
    expect(findTypeAhead(labels, 'мм', 0)).toBe(1);
    expect(findTypeAhead(labels, 'ммм', 1)).toBe(3);
    expect(findTypeAhead(labels, 'мммм', 3)).toBe(0);
  });
  it('matches a longer prefix from the active option, ignoring case and ё', () => {
    expect(findTypeAhead(labels, 'МУР', 0)).toBe(1);
    expect(findTypeAhead(labels, 'ел', 0)).toBe(4);
    expect(findTypeAhead(labels, 'я', 0)).toBe(-1);
  });
});
