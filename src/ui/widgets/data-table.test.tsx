// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, nextSort, type TableColumn } from './data-table';

afterEach(cleanup);

interface OrderRow {
  id: number;
  number: string;
  customer: string | null;
  amount: number;
  createdAt: string;
}

const orders: OrderRow[] = [
  { id: 1, number: 'A-10', customer: 'Борисов', amount: 2500, createdAt: '2026-03-05T10:00:00Z' },
  { id: 2, number: 'A-9', customer: null, amount: 1200, createdAt: '2026-01-20T10:00:00Z' },
  { id: 3, number: 'A-11', customer: 'Алексеева', amount: 12000, createdAt: '2026-02-11T10:00:00Z' },
];

const columns: TableColumn<OrderRow>[] = [
  { name: 'Номер', value: 'number', sortable: true, className: 'number-column' },
  { name: 'Клиент', value: 'customer', sortable: true },
  { name: 'Сумма', value: 'amount', sortable: true },
  { name: 'Создана', value: (order) => new Date(order.createdAt) },
];

const firstColumn = (name: string) => {
  const header = screen.getAllByRole('columnheader').findIndex((th) => th.textContent?.startsWith(name));
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[header]?.textContent);
};

describe('DataTable', () => {
  it('shows each column’s value with its class, numbers and dates the Russian way', () => {
    render(<DataTable caption="Заявки" columns={columns} rows={orders} rowKey={(o) => o.id} />);
    expect(screen.getByRole('table', { name: 'Заявки' })).toBeTruthy();
    expect(firstColumn('Сумма')).toEqual(['2\u00a0500', '1\u00a0200', '12\u00a0000']);
    expect(firstColumn('Создана')[0]).toMatch(/^05 мар\.? 2026/);
    expect(firstColumn('Клиент')[1]).toBe('—');
    expect(screen.getByRole('columnheader', { name: 'Номер' }).className).toContain('number-column');
    expect(screen.getAllByRole('cell')[0]?.className).toContain('number-column');
  });

  it('says «Нет данных» when there are no rows', () => {
    render(<DataTable caption="Заявки" columns={columns} rows={[]} rowKey={(o) => o.id} />);
    expect(screen.getByRole('cell').textContent).toBe('Нет данных');
  });

  it('sorts ascending on the first click and descending on the second, and says so in aria-sort', () => {
    render(<DataTable caption="Заявки" columns={columns} rows={orders} rowKey={(o) => o.id} />);
    const numberHeader = screen.getAllByRole('columnheader')[0] as HTMLElement;
    expect(numberHeader.getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(numberHeader).getByRole('button'));
    expect(numberHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(firstColumn('Номер')).toEqual(['A-9', 'A-10', 'A-11']);
    fireEvent.click(within(numberHeader).getByRole('button'));
    expect(numberHeader.getAttribute('aria-sort')).toBe('descending');
    expect(firstColumn('Номер')).toEqual(['A-11', 'A-10', 'A-9']);
  });

  it('starts another column ascending and keeps empty cells last either way', () => {
    render(<DataTable caption="Заявки" columns={columns} rows={orders} rowKey={(o) => o.id} />);
    fireEvent.click(screen.getByRole('button', { name: /Номер/ }));
    fireEvent.click(screen.getByRole('button', { name: /Клиент/ }));
    expect(screen.getAllByRole('columnheader')[0]?.getAttribute('aria-sort')).toBeNull();
    expect(firstColumn('Клиент')).toEqual(['Алексеева', 'Борисов', '—']);
    fireEvent.click(screen.getByRole('button', { name: /Клиент/ }));
    expect(firstColumn('Клиент')).toEqual(['Борисов', 'Алексеева', '—']);
  });

  it('leaves the rows to the caller when it sorts them itself (on the server)', () => {
    const onSortChange = vi.fn();
    render(
      <DataTable
        caption="Заявки"
        columns={columns}
        rows={orders}
        rowKey={(o) => o.id}
        sort={{ column: 'Сумма', direction: 'ascending' }}
        onSortChange={onSortChange}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Сумма/ }));
    expect(onSortChange).toHaveBeenCalledWith({ column: 'Сумма', direction: 'descending' });
    expect(firstColumn('Номер')).toEqual(['A-10', 'A-9', 'A-11']);
    expect(screen.getAllByRole('columnheader')[2]?.getAttribute('aria-sort')).toBe('ascending');
  });

  it('has no sort button on a column that is not sortable', () => {
    render(<DataTable caption="Заявки" columns={columns} rows={orders} rowKey={(o) => o.id} />);
    expect(within(screen.getAllByRole('columnheader')[3] as HTMLElement).queryByRole('button')).toBeNull();
  });
});

describe('nextSort', () => {
  it('flips only the same column, and back to ascending after descending', () => {
    expect(nextSort(null, 'a')).toEqual({ column: 'a', direction: 'ascending' });
    expect(nextSort({ column: 'a', direction: 'ascending' }, 'a').direction).toBe('descending');
    expect(nextSort({ column: 'a', direction: 'descending' }, 'a').direction).toBe('ascending');
    expect(nextSort({ column: 'a', direction: 'ascending' }, 'b')).toEqual({
      column: 'b',
      direction: 'ascending',
    });
  });
});
