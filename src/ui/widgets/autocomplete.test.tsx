// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTOCOMPLETE_HIDE_MS, Autocomplete, type AutocompleteOption } from './autocomplete';
import { POPUP_MAX_HEIGHT } from './shared.css';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const partners: AutocompleteOption[] = [
  { value: '1', label: 'Бюро на Тверской' },
  { value: '2', label: 'Пункт на Ленинском' },
  { value: '3', label: 'Бюро в Королёве' },
];

function PartnerField({ onSelect = () => {} }: { onSelect?: (option: AutocompleteOption) => void }) {
  const [text, setText] = useState('');
  return (
    <Autocomplete
      label="Партнёр"
      options={partners}
      value={text}
      onValueChange={setText}
      onOptionSelect={(option) => {
        setText(option.label);
        onSelect(option);
      }}
    />
  );
}

const field = () => screen.getByRole('combobox', { name: 'Партнёр' }) as HTMLInputElement;
const type = (text: string) => {
  fireEvent.focus(field());
  fireEvent.change(field(), { target: { value: text } });
};

describe('Autocomplete', () => {
  it('lists the options matching the text, ignoring case and ё', () => {
    render(<PartnerField />);
    type('короле');
    expect(field().getAttribute('aria-expanded')).toBe('true');
    expect(field().getAttribute('aria-autocomplete')).toBe('list');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Бюро в Королёве']);
    type('бюро');
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it('says «Не найдено» when nothing matches', () => {
    render(<PartnerField />);
    type('Казань');
    expect(screen.getByRole('status').textContent).toBe('Не найдено');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    type('Бюро');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('takes an option from the keyboard', () => {
    const onSelect = vi.fn();
    render(<PartnerField onSelect={onSelect} />);
    type('бюро');
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(
      document.getElementById(field().getAttribute('aria-activedescendant') as string)?.textContent,
    ).toBe('Бюро в Королёве');
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(partners[2]);
    expect(field().value).toBe('Бюро в Королёве');
    expect(field().getAttribute('aria-expanded')).toBe('false');
  });

  it('takes an option by click, and Escape closes the list then clears the text', () => {
    render(<PartnerField />);
    type('Пункт');
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Пункт на Ленинском' }));
    expect(field().value).toBe('Пункт на Ленинском');
    type('Бюро');
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(field().getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(field().value).toBe('');
  });

  it('hides the list 200 ms after the field loses focus, not before', () => {
    vi.useFakeTimers();
    render(<PartnerField />);
    type('Бюро');
    fireEvent.blur(field());
    act(() => vi.advanceTimersByTime(AUTOCOMPLETE_HIDE_MS - 1));
    expect(field().getAttribute('aria-expanded')).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(field().getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps the list open when the focus comes back within 200 ms', () => {
    vi.useFakeTimers();
    render(<PartnerField />);
    type('Бюро');
    fireEvent.blur(field());
    act(() => vi.advanceTimersByTime(100));
    fireEvent.focus(field());
    act(() => vi.advanceTimersByTime(AUTOCOMPLETE_HIDE_MS));
    expect(field().getAttribute('aria-expanded')).toBe('true');
  });

  it('shows the server’s suggestions as they are when it searched itself', () => {
    render(
      <Autocomplete
        label="Партнёр"
        options={partners}
        value="тверская"
        filter={false}
        onValueChange={() => {}}
        onOptionSelect={() => {}}
      />,
    );
    fireEvent.focus(field());
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('limits the list to 60 units of 0.25rem', () => {
    expect(POPUP_MAX_HEIGHT).toMatch(/^calc\(60 \* var\(--/);
  });
});
