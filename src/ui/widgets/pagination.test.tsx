// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination, pageItems } from './pagination';

afterEach(cleanup);

describe('Pagination', () => {
  it('is not there with one page or none', () => {
    const { container, rerender } = render(<Pagination page={1} pageCount={1} onPageChange={() => {}} />);
    expect(container.innerHTML).toBe('');
    rerender(<Pagination page={1} pageCount={0} onPageChange={() => {}} />);
    expect(container.innerHTML).toBe('');
    rerender(<Pagination page={1} pageCount={2} onPageChange={() => {}} />);
    expect(screen.getByRole('navigation', { name: 'Страницы' })).toBeTruthy();
  });

  it('marks the current page and goes to the page pressed, back and forward', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={5} pageCount={20} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Страница 5' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Страница 20' }));
    fireEvent.click(screen.getByRole('button', { name: /Назад/ }));
    fireEvent.click(screen.getByRole('button', { name: /Вперёд/ }));
    expect(onPageChange.mock.calls).toEqual([[20], [4], [6]]);
  });

  it('cannot go back from the first page nor forward from the last', () => {
    const { rerender } = render(<Pagination page={1} pageCount={3} onPageChange={() => {}} />);
    expect((screen.getByRole('button', { name: /Назад/ }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<Pagination page={3} pageCount={3} onPageChange={() => {}} />);
    expect((screen.getByRole('button', { name: /Вперёд/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('pageItems', () => {
  it('keeps the first and last page in reach and folds the rest', () => {
    expect(pageItems(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(2, 2)).toEqual([1, 2]);
  });
});
