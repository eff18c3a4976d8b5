import { describe, expect, it } from 'vitest';
import { hasFilters, parseStaffOrderSearch, toListQuery } from './list-search';

describe('the orders list view in the address', () => {
  it('reads a whole view from a shared link', () => {
    const view = {
      status: 'READY',
      deliveryType: 'PICKUP_POINT',
      payerType: 'LEGAL',
      partnerId: 3,
      dateFrom: '2026-11-01',
      dateTo: '2026-11-20',
      search: 'Смирнова',
      sort: 'amount',
      direction: 'asc',
      page: 4,
    };
    expect(parseStaffOrderSearch(view)).toEqual(view);
  });

  it('an empty address is the default view: newest first, first page, no filters', () => {
    const view = parseStaffOrderSearch({});
    expect(Object.values(view).every((value) => value === undefined)).toBe(true);
    expect(toListQuery(view)).toEqual({
      sort: 'createdAt',
      direction: 'desc',
      limit: 20,
      offset: 0,
    });
  });

  it('drops each bad value to its default and keeps the good ones', () => {
    const view = parseStaffOrderSearch({
      status: 'LOST',
      deliveryType: 42,
      payerType: null,
      partnerId: -1,
      dateFrom: '2026-13-45',
      dateTo: 'вчера',
      search: 'x'.repeat(101),
      sort: 'password',
      direction: 'sideways',
      page: 0,
      unknown: 'kept out',
    });
    expect(Object.values(view).every((value) => value === undefined)).toBe(true);
    expect(parseStaffOrderSearch({ status: 'PAID', page: 'два' })).toEqual(
      expect.objectContaining({ status: 'PAID', page: undefined }),
    );
    expect(parseStaffOrderSearch('not an object').status).toBeUndefined();
  });

  it('takes numbers where the router parsed them from text (a phone, an order number)', () => {
    expect(parseStaffOrderSearch({ search: 89161234567 }).search).toBe('89161234567');
    expect(parseStaffOrderSearch({ partnerId: '7', page: '2' })).toEqual(
      expect.objectContaining({ partnerId: 7, page: 2 }),
    );
  });

  it('stops the page where the server stops the offset (10,000 rows)', () => {
    expect(parseStaffOrderSearch({ page: 501 }).page).toBe(501);
    expect(parseStaffOrderSearch({ page: 502 }).page).toBeUndefined();
    expect(toListQuery(parseStaffOrderSearch({ page: 501 })).offset).toBe(10_000);
  });

  it('leaves defaults out of the address, so / and its default view are one link', () => {
    expect(parseStaffOrderSearch({ sort: 'createdAt', direction: 'desc', page: 1 })).toEqual(
      expect.objectContaining({ sort: undefined, direction: undefined, page: undefined }),
    );
  });

  it('sends a search only from its third character, trimmed', () => {
    expect(toListQuery(parseStaffOrderSearch({ search: ' 91' })).search).toBeUndefined();
    expect(toListQuery(parseStaffOrderSearch({ search: ' 916 ' })).search).toBe('916');
  });

  it('asks for the days between two dates typed back to front', () => {
    const query = toListQuery(parseStaffOrderSearch({ dateFrom: '2026-11-20', dateTo: '2026-11-01' }));
    expect([query.dateFrom, query.dateTo]).toEqual(['2026-11-01', '2026-11-20']);
  });

  it('knows a filtered view from a sorted or paged one', () => {
    expect(hasFilters(parseStaffOrderSearch({ sort: 'amount', page: 3 }))).toBe(false);
    expect(hasFilters(parseStaffOrderSearch({ payerType: 'LEGAL' }))).toBe(true);
    expect(hasFilters(parseStaffOrderSearch({ search: 'Анна' }))).toBe(true);
  });
});
