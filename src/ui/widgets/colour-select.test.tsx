// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ColourSelect, isHexColour } from './colour-select';

afterEach(cleanup);

const colours = [
  { hex: '#1D4ED8', label: 'Синий' },
  { hex: '#166534', label: 'Зелёный' },
  { hex: 'red', label: 'Красный' },
];

function LabelColour({ onChange }: { onChange: (hex: string) => void }) {
  const [colour, setColour] = useState<string | null>('#166534');
  return (
    <ColourSelect
      label="Цвет метки"
      colours={colours}
      value={colour}
      onValueChange={(hex) => {
        setColour(hex);
        onChange(hex);
      }}
    />
  );
}

describe('ColourSelect', () => {
  it('shows the chosen colour by its swatch and label, never by its hex code', () => {
    render(<LabelColour onChange={() => {}} />);
    const combobox = screen.getByRole('combobox', { name: 'Цвет метки' });
    expect(combobox.textContent).toContain('Зелёный');
    expect(combobox.textContent).not.toContain('#166534');
  });

  it('offers only well-formed colours and gives back the hex of the one taken', () => {
    const onChange = vi.fn();
    render(<LabelColour onChange={onChange} />);
    const combobox = screen.getByRole('combobox', { name: 'Цвет метки' });
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option').map((option) => option.textContent?.replace('✓', ''))).toEqual([
      'Синий',
      'Зелёный',
    ]);
    fireEvent.keyDown(combobox, { key: 'Home' });
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('#1d4ed8');
    expect(combobox.textContent).toContain('Синий');
  });

  it('accepts six-digit hex values only', () => {
    expect(isHexColour('#a1B2c3')).toBe(true);
    expect(isHexColour('#abc')).toBe(false);
    expect(isHexColour('red')).toBe(false);
  });
});
