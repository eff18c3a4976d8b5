/**
 * The view of /crm/home as it lives in the address: filters, search, sort and page. Parsed with
 * valibot field by field, so one bad value (a hand-edited link, an old bookmark) falls back to its
 * default and the rest of the view survives — never an error page. TanStack Router hands query
 * values over JSON-parsed (?search=8916… arrives as a number, ?partnerId=3 as a number), so text
 * fields take numbers too.
 */
import * as v from 'valibot';
import type { operations } from '../../api/schema.gen';
import { ORDER_STATUSES } from '../../domain/order-status';

export type StaffOrderListQuery = NonNullable<operations['listOrders']['parameters']['query']>;

export const STAFF_ORDERS_PAGE_SIZE = 20;
/** The contract's offset stops at 10,000 (narrow the filter to go further). */
export const MAX_OFFSET = 10_000;
export const MAX_PAGE = Math.floor(MAX_OFFSET / STAFF_ORDERS_PAGE_SIZE) + 1;
/** The server refuses a shorter search (400); the list waits for the third character. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 100;

export const DELIVERY_TYPES = ['OFFICE', 'PICKUP_POINT', 'COURIER'] as const;
export const PAYER_TYPES = ['INDIVIDUAL', 'LEGAL'] as const;
export const SORT_KEYS = ['createdAt', 'updatedAt', 'number', 'amount', 'status', 'name', 'dueDate'] as const;
/** Orders still in work by their promised day (the contract's `due`). */
export const DUE_FILTERS = ['OVERDUE', 'TODAY', 'TOMORROW', 'WEEK'] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

export type StaffOrderSort = (typeof SORT_KEYS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const DEFAULT_SORT: StaffOrderSort = 'createdAt';
export const DEFAULT_DIRECTION: SortDirection = 'desc';

/** A value that is absent, or wrong in any way, is simply left out. */
const optional = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined);

const text = v.pipe(
  v.union([v.string(), v.pipe(v.number(), v.finite())]),
  v.transform((value) => String(value).trim()),
  v.maxLength(SEARCH_MAX_LENGTH),
  v.minLength(1),
);

/** A Moscow calendar day, as the contract's date parameters take it. */
const day = v.pipe(v.string(), v.isoDate());

const wholeNumber = (min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))]),
    v.integer(),
    v.minValue(min),
    v.maxValue(max),
  );

export const staffOrderSearchSchema = v.object({
  status: optional(v.picklist(ORDER_STATUSES)),
  deliveryType: optional(v.picklist(DELIVERY_TYPES)),
  payerType: optional(v.picklist(PAYER_TYPES)),
  partnerId: optional(wholeNumber(1, 2_147_483_647)),
  dateFrom: optional(day),
  dateTo: optional(day),
  due: optional(v.picklist(DUE_FILTERS)),
  /** me («Мои заказы»), none, or a staff member's id — as the contract takes it. */
  assignee: optional(
    v.pipe(
      v.union([v.string(), v.pipe(v.number(), v.integer(), v.transform(String))]),
      v.regex(/^(me|none|[1-9]\d{0,8})$/),
    ),
  ),
  search: optional(text),
  sort: optional(v.picklist(SORT_KEYS)),
  direction: optional(v.picklist(SORT_DIRECTIONS)),
  page: optional(wholeNumber(1, MAX_PAGE)),
});

export type StaffOrderSearch = v.InferOutput<typeof staffOrderSearchSchema>;

/** The address's query as a view; anything unreadable becomes its default. */
export function parseStaffOrderSearch(raw: unknown): StaffOrderSearch {
  const input = typeof raw === 'object' && raw !== null ? raw : {};
  const view = v.parse(staffOrderSearchSchema, input);
  // Defaults are left out of the address, so a plain /crm/home and its default view are one link.
  return {
    ...view,
    sort: view.sort === DEFAULT_SORT ? undefined : view.sort,
    direction: view.direction === DEFAULT_DIRECTION ? undefined : view.direction,
    page: view.page === 1 ? undefined : view.page,
  };
}

/** True when the search is long enough for the server to run it. */
export function isSearchable(search: string | undefined): search is string {
  return search !== undefined && search.trim().length >= SEARCH_MIN_LENGTH;
}

export function hasFilters(view: StaffOrderSearch): boolean {
  const { sort: _sort, direction: _direction, page: _page, ...filters } = view;
  return Object.values(filters).some((value) => value !== undefined);
}

/** GET /api/order's query for a view. A short search is not sent (the server would refuse it). */
export function toListQuery(view: StaffOrderSearch): StaffOrderListQuery {
  const page = view.page ?? 1;
  // A range typed back to front still means the days between the two dates.
  const [dateFrom, dateTo] =
    view.dateFrom && view.dateTo && view.dateFrom > view.dateTo
      ? [view.dateTo, view.dateFrom]
      : [view.dateFrom, view.dateTo];
  return {
    status: view.status,
    deliveryType: view.deliveryType,
    payerType: view.payerType,
    partnerId: view.partnerId,
    dateFrom,
    dateTo,
    due: view.due,
    assignee: view.assignee,
    search: isSearchable(view.search) ? view.search.trim() : undefined,
    sort: view.sort ?? DEFAULT_SORT,
    direction: view.direction ?? DEFAULT_DIRECTION,
    limit: STAFF_ORDERS_PAGE_SIZE,
    offset: Math.min((page - 1) * STAFF_ORDERS_PAGE_SIZE, MAX_OFFSET),
  };
}
