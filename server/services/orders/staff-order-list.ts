/**
 * The back-office order lists (Заявки for office staff, a partner's orders): filters, search,
 * sort and a page of OrderSummary rows, kept fast at 100,000 orders by an index for every filter
 * and sort, a trigram index on the search column, and a count that stops at COUNT_CAP
 * (docs/decisions/0012).
 */
import { and, asc, desc, eq, gte, isNull, like, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { components, operations } from '../../../src/api/schema.gen';
import { moscowDate } from '../../../src/domain/moscow-time';
import { IN_WORK_STATUSES } from '../../../src/domain/order-status';
import { addDays } from '../../../src/domain/work-calendar';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { ProductError } from '../../errors';
import { orderSummaryColumns, type SummaryRow, summaryLinesOf, toOrderSummary } from './order-views';
import { toPartnerOrder } from './partner-order-views';

export type OrderListQuery = NonNullable<operations['listOrders']['parameters']['query']>;
type PartnerOrderListQuery = NonNullable<operations['listPartnerOrders']['parameters']['query']>;
export type OrderSummaryPage = components['schemas']['OrderSummaryPage'];
export type PartnerOrderPage = components['schemas']['PartnerOrderPage'];

/** Counting further costs more than the page itself (50 pages of 20 are counted exactly). */
export const COUNT_CAP = 1_000;
export const SEARCH_MIN_LENGTH = 3;

type SortKey = NonNullable<OrderListQuery['sort']>;

const SORT_COLUMNS = {
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  number: orders.number,
  amount: orders.amount,
  status: orders.status,
  name: orders.name,
  dueDate: orders.dueDate,
} as const satisfies Record<SortKey, unknown>;

/**
 * ORDER BY of a sort: the column then the id, both one way. The promised date puts orders without
 * one last either way, to the letter of its two indexes (orders_due_idx, orders_due_desc_idx).
 */
function orderOf(column: AnyPgColumn, id: AnyPgColumn, sortKey: SortKey, ascending: boolean): SQL[] {
  if (sortKey === 'dueDate')
    return ascending
      ? [sql`${column} asc nulls last`, sql`${id} asc`]
      : [sql`${column} desc nulls last`, sql`${id} desc nulls last`];
  const direction = ascending ? asc : desc;
  return [direction(column), direction(id)];
}

const badRequest = (message: string, path: string) =>
  new ProductError('validation', 'VALIDATION_ERROR', message, [{ path, message }]);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** Phone digits as stored: 8 916 … is the same number as +7 916 …. */
function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
}

/**
 * Only a term written as a phone or an order number (digits, spaces, brackets, dashes, a plus)
 * is also matched by its digits alone: the digits of an email or a name («crash3-1a2b…») would
 * otherwise find strangers whose phone happens to hold them.
 */
const PHONE_OR_NUMBER = /^[\d\s()+-]+$/;

/** Matches the generated search column (number, name, email, phone digits) by trigram index. */
export function searchCondition(search: string): SQL {
  const term = search.trim().toLowerCase();
  if (term.length < SEARCH_MIN_LENGTH) {
    throw badRequest(`Введите для поиска не меньше ${SEARCH_MIN_LENGTH} символов`, '/querystring/search');
  }
  const matches = [like(orders.searchText, `%${escapeLike(term)}%`)];
  const digits = phoneDigits(term);
  if (PHONE_OR_NUMBER.test(term) && digits.length >= SEARCH_MIN_LENGTH && digits !== term)
    matches.push(like(orders.searchText, `%${digits}%`));
  return or(...matches) as SQL;
}

/** The first moment of a Moscow calendar day (Moscow has kept UTC+3 all year since 2014). */
function moscowDayStart(day: string, path: string): Date {
  const start = new Date(`${day}T00:00:00+03:00`);
  if (Number.isNaN(start.getTime())) throw badRequest('Некорректная дата', path);
  return start;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Orders still in work, by their promised Moscow day (the list's «Срок» filter, the dashboard). */
export function dueCondition(due: NonNullable<OrderListQuery['due']>, now = new Date()): SQL {
  const today = moscowDate(now);
  // Constants, not parameters: the planner then uses the partial index orders_open_due_idx.
  const open = sql`${orders.status} in (${sql.raw(IN_WORK_STATUSES.map((status) => `'${status}'`).join(', '))})`;
  const when = {
    OVERDUE: lt(orders.dueDate, today),
    TODAY: eq(orders.dueDate, today),
    TOMORROW: eq(orders.dueDate, addDays(today, 1)),
    WEEK: and(gte(orders.dueDate, today), lte(orders.dueDate, addDays(today, 6))),
  }[due];
  return and(open, when) as SQL;
}

/** «Мои заказы» (me), the unassigned (none), or one staff member's orders. */
function assigneeCondition(assignee: string, callerId: number | undefined): SQL {
  if (assignee === 'none') return isNull(orders.assigneeId);
  if (assignee === 'me') return callerId === undefined ? sql`false` : eq(orders.assigneeId, callerId);
  return eq(orders.assigneeId, Number(assignee));
}

function listConditions(query: OrderListQuery, scope: SQL | undefined, callerId?: number): SQL | undefined {
  const conditions: (SQL | undefined)[] = [scope];
  if (query.due) conditions.push(dueCondition(query.due));
  if (query.assignee) conditions.push(assigneeCondition(query.assignee, callerId));
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.partnerId !== undefined) conditions.push(eq(orders.partnerId, query.partnerId));
  if (query.deliveryType) conditions.push(eq(orders.deliveryType, query.deliveryType));
  if (query.payerType) conditions.push(eq(orders.payerType, query.payerType));
  const from = query.dateFrom ? moscowDayStart(query.dateFrom, '/querystring/dateFrom') : undefined;
  const to = query.dateTo ? moscowDayStart(query.dateTo, '/querystring/dateTo') : undefined;
  if (from && to && from > to) {
    throw badRequest('Дата «с» позже даты «по»', '/querystring/dateFrom');
  }
  if (from) conditions.push(gte(orders.createdAt, from));
  if (to) conditions.push(lt(orders.createdAt, new Date(to.getTime() + DAY_MS)));
  if (query.search !== undefined && query.search.trim() !== '')
    conditions.push(searchCondition(query.search));
  return and(...conditions);
}

/** The office staff's list (Заявки): rows with their margin; `callerId` is whose «Мои заказы». */
export async function listOrderSummaries(
  db: Database,
  query: OrderListQuery,
  callerId?: number,
): Promise<OrderSummaryPage> {
  const { rows, ...page } = await readOrderPage(db, query, undefined, callerId);
  return { ...page, items: rows.map(toOrderSummary) };
}

/**
 * A partner's list: only the partner's fields of each row, with the lines to hand over (one
 * indexed read for the page), so the phone's cards need no request per order.
 */
export async function listPartnerOrders(
  db: Database,
  query: PartnerOrderListQuery,
  scope: SQL | undefined,
): Promise<PartnerOrderPage> {
  // Only what the partner's operation declares: an office filter in the address widens nothing.
  const { status, search, sort, direction, limit, offset } = query;
  const own = { status, search, sort, direction, limit, offset };
  const { rows, ...page } = await readOrderPage(db, own, scope);
  const lines = await summaryLinesOf(
    db,
    rows.map((row) => row.id),
  );
  return { ...page, items: rows.map((row) => toPartnerOrder(row, lines.get(row.id) ?? [])) };
}

async function readOrderPage(db: Database, query: OrderListQuery, scope: SQL | undefined, callerId?: number) {
  const limit = query.limit ?? 20;
  const offset = query.offset ?? 0;
  const where = listConditions(query, scope, callerId);
  const sortKey = query.sort ?? 'createdAt';
  const ascending = query.direction === 'asc';
  const matching = db
    .select({ one: sql`1` })
    .from(orders)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('matching');
  const counting = db.select({ n: sql<number>`count(*)::int` }).from(matching);
  let page: Promise<SummaryRow[]>;
  if (query.search?.trim()) {
    // The planner cannot estimate a trigram match: with ORDER BY … LIMIT it walks the sort's
    // index hoping to meet 20 matches soon, and reads the whole table when few match. OFFSET 0
    // fences the matching off, so it runs on the trigram index and only the matches are sorted.
    const found = db.select(orderSummaryColumns).from(orders).where(where).offset(0).as('found');
    page = db
      .select()
      .from(found)
      .orderBy(...orderOf(found[sortKey], found.id, sortKey, ascending))
      .limit(limit)
      .offset(offset);
  } else {
    // The id breaks ties in the same direction, so a page boundary never repeats or skips a row.
    page = db
      .select(orderSummaryColumns)
      .from(orders)
      .where(where)
      .orderBy(...orderOf(SORT_COLUMNS[sortKey], orders.id, sortKey, ascending))
      .limit(limit)
      .offset(offset);
  }
  const [rows, counted] = await Promise.all([page, counting]);
  const count = Number(counted[0]?.n ?? 0);
  return {
    rows,
    total: Math.min(count, COUNT_CAP),
    totalCapped: count > COUNT_CAP,
    limit,
    offset,
  };
}
