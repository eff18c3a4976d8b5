/**
 * A new order's rows in ONE statement: its id and number, the order, its lines and their
 * assurances, the attached files (handed to the customer), the first status-history entry, the
 * monitoring event, the personal-data consent it was placed with, the Idempotency-Key pointed
 * at it, the customer's «order received» notification and the order's tracking link. Data-modifying CTEs all run, and
 * foreign keys are checked at the end of the statement, so the lines may refer to the order
 * inserted beside them.
 *
 * One statement because on the embedded database every statement is a trip through WebAssembly
 * on the single connection all requests share (decision 0020): six statements became one. Lines,
 * assurances and files travel as JSON, so the text is the same for every order: it is built once
 * and prepared (db/prepared.ts).
 */

import type { Column } from 'drizzle-orm';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PricedLine } from '../../../src/domain/pricing';
import type { Database } from '../../db/client';
import { type PreparedStatement, preparedStatement } from '../../db/prepared';
import { orders } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
type OrderValues = Omit<typeof orders.$inferInsert, 'id' | 'number'>;

export interface OrderToWrite {
  /** The Moscow year and month that starts the number: 2611 of 2611-00042. */
  yearMonth: string;
  values: OrderValues & { userId: number; createdAt: Date };
  lines: Pick<
    PricedLine,
    'documentId' | 'type' | 'quantity' | 'targetLanguages' | 'price' | 'cost' | 'assurances'
  >[];
  fileIds: string[];
  actorUserId: number | null;
  idempotencyKey: string | undefined;
  event: Record<string, unknown>;
  notice: { title: string; body: string };
  /** Where the personal-data consent was ticked from: kept with the consent's version. */
  consent: { ip: string | null; userAgent: string | null };
  /** The order's first tracking link, as services/tracking/tracking-links.ts newLink() makes it. */
  trackingLink: { nonce: string; tokenHash: string };
}

export interface WrittenOrder {
  row: OrderRow;
  lines: {
    id: number;
    documentId: number;
    type: string;
    quantity: number;
    targetLanguages: string[];
    price: number;
    sortOrder: number;
  }[];
  notificationId: number;
}

const orderId = sql`(select id from reserved)`;

interface RowsValues extends Record<string, unknown> {
  at: string;
  yearMonth: string;
  lines: string;
  assurances: string;
  files: string;
  userId: number;
  actorUserId: number | null;
  event: string;
  ip: string | null;
  userAgent: string | null;
  nonce: string;
  tokenHash: string;
  idempotencyKey: string | null;
  noticeTitle: string;
  noticeBody: string;
}

/** The order's own columns travel as placeholders named `order.<key>`, each with its column's encoding. */
const orderKey = (key: string) => `order.${key}`;

/**
 * The statement for a set of order columns (the columns given; the rest take their defaults). One
 * caller, one set: the text is built once and prepared (db/prepared.ts).
 */
const statements = new Map<string, PreparedStatement<RowsValues, Record<string, unknown>>>();

function statementFor(db: Database, keys: string[]) {
  const signature = keys.join(',');
  let statement = statements.get(signature);
  if (statement) return statement;
  statement = preparedStatement<RowsValues, Record<string, unknown>>(
    `order_rows_${statements.size + 1}`,
    (value) => {
      const at = sql`${value('at')}::timestamptz`;
      // The number shows the Moscow month and the order's id, at least five digits: 2611-00042.
      const number = sql`${value('yearMonth')}::text || '-' || lpad(${orderId}::text, greatest(5, length(${orderId}::text)), '0')`;
      const placed: SQL = db
        .insert(orders)
        .values({
          ...(Object.fromEntries(keys.map((key) => [key, value(orderKey(key))])) as unknown as OrderValues),
          id: sql`${orderId}` as unknown as number,
          number: number as unknown as string,
        })
        .returning()
        .getSQL();
      return sql`with reserved as (select nextval(pg_get_serial_sequence('orders', 'id'))::int as id),
    placed as (${placed}),
    lines as (insert into order_documents (order_id, document_id, type, quantity, target_languages, price, cost, by_estimate, sort_order)
      select ${orderId}, l.document_id, l.type, l.quantity,
        array(select json_array_elements_text(l.target_languages)), l.price, l.cost, l.by_estimate, l.sort_order
      from json_to_recordset(${value('lines')}::json)
        as l(document_id int, type text, quantity int, target_languages json, price numeric, cost numeric, by_estimate boolean, sort_order int)
      returning id, document_id, type, quantity, target_languages, price, sort_order),
    assured as (insert into order_document_assurances (order_document_id, assurance_id, type, price, cost)
      select lines.id, a.assurance_id, a.type, a.price, a.cost
      from json_to_recordset(${value('assurances')}::json)
        as a(sort_order int, assurance_id int, type text, price numeric, cost numeric)
      join lines on lines.sort_order = a.sort_order),
    attached as (insert into order_files (order_id, file_id, sort_order)
      select ${orderId}, f.file_id, f.sort_order
      from json_to_recordset(${value('files')}::json) as f(file_id uuid, sort_order int)),
    owned as (update files set order_id = ${orderId}, owner_user_id = ${value('userId')}::int
      where id in (select f.file_id from json_to_recordset(${value('files')}::json) as f(file_id uuid))),
    history as (insert into order_status_history (order_id, from_status, status, comment, actor_user_id, created_at)
      values (${orderId}, null, 'NEW', 'Заказ оформлен', ${value('actorUserId')}::int, ${at})),
    event as (insert into order_events (order_id, event_type, success, payload)
      values (${orderId}, 'order-created', true, ${value('event')}::jsonb)),
    consented as (insert into consents (purpose, user_id, order_id, document_id, ip, user_agent, created_at)
      values ('order', ${value('userId')}::int, ${orderId},
        (select id from legal_documents where kind = 'consent' order by version desc limit 1),
        ${value('ip')}::text, ${value('userAgent')}::text, ${at})),
    tracked as (insert into tracking_links (order_id, nonce, token_hash)
      values (${orderId}, ${value('nonce')}::text, ${value('tokenHash')}::text)),
    keyed as (update idempotency_keys set order_id = ${orderId} where key = ${value('idempotencyKey')}::text),
    -- The same address as notifications.ts orderUrl().
    notified as (insert into notifications (user_id, type, title, body, url, order_id)
      select ${value('userId')}::int, 'ORDER_STATUS', ${value('noticeTitle')}::text || ' ' || placed.number,
        ${value('noticeBody')}::text, '/cabinet/orders/' || placed.id, placed.id from placed
      returning id)
    select placed.*,
      (select json_agg(json_build_object('id', id, 'documentId', document_id, 'type', type,
        'quantity', quantity, 'targetLanguages', target_languages, 'price', price, 'sortOrder', sort_order) order by sort_order) from lines) as written_lines,
      (select id from notified) as written_notification_id
    from placed`;
    },
  );
  statements.set(signature, statement);
  return statement;
}

export async function writeOrderRows(tx: Database, order: OrderToWrite): Promise<WrittenOrder> {
  const lines = order.lines.map((line, sortOrder) => ({
    document_id: line.documentId,
    type: line.type,
    quantity: line.quantity,
    target_languages: line.targetLanguages,
    price: line.price,
    cost: line.cost,
    // A document at 0 ₽ in the catalogue is priced by staff once they have seen it (a quote).
    by_estimate: line.price === 0,
    sort_order: sortOrder,
  }));
  const assurances = order.lines.flatMap((line, sortOrder) =>
    line.assurances.map((assurance) => ({
      sort_order: sortOrder,
      assurance_id: assurance.assuranceId,
      type: assurance.type,
      price: assurance.price,
      cost: assurance.cost,
    })),
  );
  const files = order.fileIds.map((fileId, sortOrder) => ({ file_id: fileId, sort_order: sortOrder }));
  const given = Object.entries(order.values).filter(([, value]) => value !== undefined);
  const statement = statementFor(
    tx,
    given.map(([key]) => key),
  );
  const values: RowsValues = {
    ...Object.fromEntries(given.map(([key, value]) => [orderKey(key), value])),
    at: order.values.createdAt.toISOString(),
    yearMonth: order.yearMonth,
    lines: JSON.stringify(lines),
    assurances: JSON.stringify(assurances),
    files: JSON.stringify(files),
    userId: order.values.userId,
    actorUserId: order.actorUserId,
    event: JSON.stringify(order.event),
    ip: order.consent.ip,
    userAgent: order.consent.userAgent,
    nonce: order.trackingLink.nonce,
    tokenHash: order.trackingLink.tokenHash,
    idempotencyKey: order.idempotencyKey ?? null,
    noticeTitle: order.notice.title,
    noticeBody: order.notice.body,
  };
  const [raw] = await statement.rows(tx, values);
  if (!raw) throw new Error('order insert returned no row');
  const written = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
  return {
    row: rowOf(raw),
    lines: ((written(raw.written_lines) ?? []) as WrittenOrder['lines']).map((line) => ({
      ...line,
      price: Number(line.price),
    })),
    notificationId: Number(raw.written_notification_id),
  };
}

/** The order's columns as Drizzle would have mapped them from the driver's row. */
function rowOf(raw: Record<string, unknown>): OrderRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(orders)) as [string, Column][]) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as OrderRow;
}
