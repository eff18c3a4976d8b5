// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckboxField, RadioGroup } from './choice-group';

afterEach(cleanup);

function Payer({ error }: { error?: string }) {
  const [payer, setPayer] = useState<'INDIVIDUAL' | 'LEGAL' | null>(null);
  return (
    <RadioGroup
      id="payerType"
      legend="Кто платит"
      value={payer}
      onValueChange={setPayer}
      error={error}
      options={[
        { value: 'INDIVIDUAL', label: 'Частное лицо' },
        { value: 'LEGAL', label: 'Организация' },
      ]}
    />
  );
}

describe('RadioGroup', () => {
  it('is a group named by its legend, the first option carrying the id summary links use', () => {
    render(<Payer error="Выберите, кто платит" />);
    const group = screen.getByRole('group', { name: 'Кто платит' });
    expect(group.getAttribute('aria-describedby')).toBe('payerType-error');
    expect(group.textContent).toContain('Выберите, кто платит');
    expect(document.getElementById('payerType')).toBe(screen.getByLabelText('Частное лицо'));
  });

  it('selects the option clicked', () => {
    render(<Payer />);
    fireEvent.click(screen.getByLabelText('Организация'));
    expect((screen.getByLabelText('Организация') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Частное лицо') as HTMLInputElement).checked).toBe(false);
  });
});

describe('CheckboxField', () => {
  it('reports its state and shows its message', () => {
    let checked = false;
    render(
      <CheckboxField
        id="consent"
        label="Согласен"
        checked={false}
        error="Нужно согласие"
        onCheckedChange={(value) => {
          checked = value;
        }}
      />,
    );
    const box = screen.getByLabelText('Согласен');
    expect(box.getAttribute('aria-describedby')).toBe('consent-error');
    fireEvent.click(box);
    expect(checked).toBe(true);
  });
});
