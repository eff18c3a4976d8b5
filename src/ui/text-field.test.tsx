// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SelectField } from './select-field';
import { TextField } from './text-field';

afterEach(cleanup);

function Email({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <TextField
      id="email"
      label="Email"
      hint="На него придёт код"
      inputMode="email"
      autoComplete="email"
      value={value}
      error={error}
      onValueChange={setValue}
    />
  );
}

describe('TextField', () => {
  it('ties the label, the hint and the message to the control', () => {
    render(<Email error="Введите email" />);
    const input = screen.getByLabelText('Email');
    expect(input.id).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('email-hint email-error');
    expect(document.getElementById('email-error')?.textContent).toBe('Ошибка: Введите email');
    expect(input.getAttribute('inputmode')).toBe('email');
    expect(input.getAttribute('autocomplete')).toBe('email');
  });

  it('shows no message and no invalid mark without an error, and reports typing', () => {
    render(<Email />);
    const input = screen.getByLabelText('Email') as HTMLInputElement;
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe('email-hint');
    fireEvent.change(input, { target: { value: 'anna@example.ru' } });
    expect(input.value).toBe('anna@example.ru');
  });
});

describe('SelectField', () => {
  it('offers the placeholder first and marks the select in error', () => {
    render(
      <SelectField
        id="language"
        label="Язык"
        value=""
        placeholder="Выберите язык"
        options={[{ value: 'en', label: 'Английский' }]}
        error="Выберите язык перевода"
        onValueChange={() => undefined}
      />,
    );
    const select = screen.getByLabelText('Язык') as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual(['Выберите язык', 'Английский']);
    expect(select.getAttribute('aria-describedby')).toBe('language-error');
    expect(select.getAttribute('aria-invalid')).toBe('true');
  });
});
