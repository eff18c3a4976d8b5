/**
 * The colour select (docs/back-office-screens.md, widgets): a Select whose options are colours,
 * each shown as a swatch and its label («1 Сокольническая»), so a colour is never told by hue alone
 * and never by a hex code the person choosing cannot read. The value is the hex, lower-cased;
 * options with anything but a six-digit hex are left out.
 *
 *   <ColourSelect label="Цвет метки" colours={[{ hex: '#1d4ed8', label: 'Синий' }]}
 *     value={colour} onValueChange={setColour} />
 */

import * as styles from './colour-select.css';
import { Select, type SelectOption } from './select';

export interface Colour {
  hex: string;
  label: string;
}

const HEX = /^#[0-9a-f]{6}$/i;

export function isHexColour(value: string): boolean {
  return HEX.test(value);
}

export interface ColourSelectProps {
  label: string;
  colours: readonly Colour[];
  value: string | null;
  onValueChange: (hex: string) => void;
  placeholder?: string;
  hint?: string;
  error?: string | null;
  id?: string;
}

export function ColourSelect({ colours, value, ...field }: ColourSelectProps) {
  const options: SelectOption[] = colours
    .filter((colour) => isHexColour(colour.hex))
    .map((colour) => ({ value: colour.hex.toLowerCase(), label: colour.label }));
  return (
    <Select
      {...field}
      options={options}
      value={value ? value.toLowerCase() : null}
      renderOption={(option) => (
        <span className={styles.colour}>
          <span aria-hidden="true" className={styles.swatch} style={{ background: option.value }} />
          <span className={styles.label}>{option.label}</span>
        </span>
      )}
    />
  );
}
