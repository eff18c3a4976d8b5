/**
 * The back office's data table (docs/back-office-screens.md, widgets): columns with a name, a
 * value, a class and a sortable flag; «Нет данных» when there are no rows; a sortable column's
 * first click sorts ascending, the same column again descending (aria-sort on its header). Sorting
 * is the caller's when it passes onSortChange (the orders list sorts on the server), else the table
 * sorts its rows.
 *
 *   <DataTable caption="Заявки" rows={orders} rowKey={(o) => o.id}
 *     columns={[{ name: 'Номер', value: 'number', sortable: true },
 *               { name: 'Создана', value: (o) => new Date(o.createdAt), sortable: true }]} />
 */
import { type ReactNode, useId, useState } from 'react';
import { formatDate } from '../../domain/format';
import * as styles from './data-table.css';

export type CellValue = string | number | Date | boolean | null | undefined;

export interface TableColumn<Row> {
  /** The header text; also the column's sort key unless `id` is given. */
  name: string;
  id?: string;
  /** A field of the row or a function of it: what the cell shows and what sorting compares. */
  value: { [K in keyof Row]: Row[K] extends CellValue ? K : never }[keyof Row] | ((row: Row) => CellValue);
  /** Draws the cell when plain text is not enough (a status badge, a link). */
  render?: (row: Row) => ReactNode;
  /** Applied to the header and every cell of the column (alignment, width). */
  className?: string;
  sortable?: boolean;
}

export type SortDirection = 'ascending' | 'descending';
export interface TableSort {
  column: string;
  direction: SortDirection;
}

export interface DataTableProps<Row> {
  /** Names the table for screen readers; visible unless captionHidden. */
  caption: string;
  captionHidden?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort) => void;
  emptyText?: string;
}

export const EMPTY_TABLE_TEXT = 'Нет данных';

const columnId = <Row,>(column: TableColumn<Row>) => column.id ?? column.name;

export function cellValue<Row>(row: Row, column: TableColumn<Row>): CellValue {
  return typeof column.value === 'function' ? column.value(row) : (row[column.value] as CellValue);
}

/** The sort after a click on `column`: ascending first, the same column again flips it. */
export function nextSort(current: TableSort | null | undefined, column: string): TableSort {
  if (current?.column === column && current.direction === 'ascending')
    return { column, direction: 'descending' };
  return { column, direction: 'ascending' };
}

const collator = new Intl.Collator('ru-RU', { numeric: true, sensitivity: 'base' });

const isEmpty = (value: CellValue): value is null | undefined | '' =>
  value === null || value === undefined || value === '';

function compareFilled(a: CellValue, b: CellValue): number {
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** Empty cells go last in both directions: a missing date is never «the earliest» or «the latest». */
export function sortRows<Row>(
  rows: readonly Row[],
  column: TableColumn<Row>,
  direction: SortDirection,
): Row[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a = cellValue(x, column);
    const b = cellValue(y, column);
    if (isEmpty(a) || isEmpty(b)) return Number(isEmpty(a)) - Number(isEmpty(b));
    return sign * compareFilled(a, b);
  });
}

const numberFormat = new Intl.NumberFormat('ru-RU');

function showCell(value: CellValue): string {
  if (isEmpty(value)) return '—';
  if (value instanceof Date) return formatDate(value);
  if (typeof value === 'number') return numberFormat.format(value);
  if (typeof value === 'boolean') return value ? 'Да' : 'Нет';
  return value;
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { caption, captionHidden, columns, rows, rowKey, onSortChange, emptyText = EMPTY_TABLE_TEXT } = props;
  const captionId = useId();
  const [ownSort, setOwnSort] = useState<TableSort | null>(null);
  const sort = onSortChange ? (props.sort ?? null) : ownSort;
  const sortedColumn = sort ? columns.find((column) => columnId(column) === sort.column) : undefined;
  const shown = !onSortChange && sort && sortedColumn ? sortRows(rows, sortedColumn, sort.direction) : rows;

  const sortBy = (column: string) => {
    const next = nextSort(sort, column);
    if (onSortChange) onSortChange(next);
    else setOwnSort(next);
  };

  return (
    // A wide table scrolls inside its own box at 360 px; focusable so the keyboard can scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1).
    <section className={styles.scroller} aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId} className={captionHidden ? styles.captionHidden : styles.caption}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const id = columnId(column);
              const direction = sort?.column === id ? sort.direction : undefined;
              return (
                <th
                  key={id}
                  scope="col"
                  aria-sort={direction}
                  className={[styles.header, column.className].filter(Boolean).join(' ')}
                >
                  {column.sortable ? (
                    <button type="button" className={styles.sortButton} onClick={() => sortBy(id)}>
                      {column.name}
                      <span aria-hidden="true" className={styles.sortMark}>
                        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    <span className={styles.headerLabel}>{column.name}</span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {shown.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={styles.empty}>
                {emptyText}
              </td>
            </tr>
          ) : (
            shown.map((row) => (
              <tr key={rowKey(row)} className={styles.row}>
                {columns.map((column) => (
                  <td
                    key={columnId(column)}
                    className={[styles.cell, column.className].filter(Boolean).join(' ')}
                  >
                    {column.render ? column.render(row) : showCell(cellValue(row, column))}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
