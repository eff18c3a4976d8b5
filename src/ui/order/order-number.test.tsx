// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderNumber, WithWholeNumbers } from './order-number';

afterEach(cleanup);

describe('numbers kept whole', () => {
  it('keeps «№ 2611-00001» in one unbreakable piece, and copies as the plain number', () => {
    const { container } = render(<OrderNumber number="2611-00001" />);
    const span = container.querySelector('span');
    expect(span?.textContent).toBe('№ 2611-00001');
    expect(span?.className).toBeTruthy();
  });

  it('wraps each order, invoice and act number of a sentence, and leaves the rest as it is', () => {
    const { container } = render(
      <WithWholeNumbers text="Оплатите счёт СЧ-2611-00004 по заказу 2611-00042 на 1 200 ₽." />,
    );
    expect(container.textContent).toBe('Оплатите счёт СЧ-2611-00004 по заказу 2611-00042 на 1 200 ₽.');
    expect(Array.from(container.querySelectorAll('span'), (span) => span.textContent)).toEqual([
      'СЧ-2611-00004',
      '2611-00042',
    ]);
  });
});
