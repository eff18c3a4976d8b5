// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RadioGroup } from './radio-group';
import * as styles from './radio-group.css';

afterEach(cleanup);

type Payer = 'ALL' | 'INDIVIDUAL' | 'LEGAL';

function PayerFilter({ layout }: { layout?: 'column' | 'row' }) {
  const [payer, setPayer] = useState<Payer>('ALL');
  return (
    <RadioGroup
      id="payer"
      legend="Плательщик"
      layout={layout}
      value={payer}
      onValueChange={setPayer}
      options={[
        { value: 'ALL', label: 'Все' },
        { value: 'INDIVIDUAL', label: 'Физ. лицо' },
        { value: 'LEGAL', label: 'Организация' },
      ]}
    />
  );
}

describe('RadioGroup (widgets)', () => {
  it('is one group of radios named by its legend, one checked at a time', () => {
    render(<PayerFilter />);
    const group = screen.getByRole('group', { name: 'Плательщик' });
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect((screen.getByRole('radio', { name: 'Все' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Организация' }));
    expect((screen.getByRole('radio', { name: 'Организация' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Все' }) as HTMLInputElement).checked).toBe(false);
    // Native radios of one name: the browser moves between them with the arrows.
    const names = screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).name);
    expect(new Set(names)).toEqual(new Set(['payer']));
    expect(group.tagName).toBe('FIELDSET');
  });

  it('lays the options in a row when asked, in a column by default', () => {
    const { container, rerender } = render(<PayerFilter />);
    expect((container.firstChild as HTMLElement).className).toBe(styles.layout.column);
    rerender(<PayerFilter layout="row" />);
    expect((container.firstChild as HTMLElement).className).toBe(styles.layout.row);
  });
});
