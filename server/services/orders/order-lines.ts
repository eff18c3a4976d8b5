/**
 * The lines of one or more orders with their assurances, in two indexed reads: lines in their
 * sort order, each line's assurances in the order they were chosen. Every view of an order's
 * lines (the order itself, the cost breakdown, a list row, a repeated order) starts here.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderDocumentAssurances, orderDocuments } from '../../db/schema';

export type LineRow = typeof orderDocuments.$inferSelect;
export type LineAssuranceRow = typeof orderDocumentAssurances.$inferSelect;

export async function readOrderLines(
  db: Database,
  orderIds: readonly number[],
): Promise<{ lines: LineRow[]; assurances: LineAssuranceRow[] }> {
  const lines = orderIds.length
    ? await db
        .select()
        .from(orderDocuments)
        .where(inArray(orderDocuments.orderId, [...orderIds]))
        .orderBy(asc(orderDocuments.sortOrder), asc(orderDocuments.id))
    : [];
  const assurances = lines.length
    ? await db
        .select()
        .from(orderDocumentAssurances)
        .where(
          inArray(
            orderDocumentAssurances.orderDocumentId,
            lines.map((line) => line.id),
          ),
        )
        .orderBy(asc(orderDocumentAssurances.id))
    : [];
  return { lines, assurances };
}

/**
 * A line's languages in SQL: its own, or its order's one for a line written without them (the
 * migration gave every older line its order's; this keeps a stray row honest too).
 */
export const lineLanguagesSql = sql<string[]>`(case when cardinality("order_documents"."target_languages") > 0
  then "order_documents"."target_languages"
  else array[(select o.target_language from orders o where o.id = "order_documents"."order_id")] end)`;

/** The assurances of one line, in their order. */
export function assurancesOfLine<T extends Pick<LineAssuranceRow, 'orderDocumentId'>>(
  assurances: readonly T[],
  lineId: number,
): T[] {
  return assurances.filter((assurance) => assurance.orderDocumentId === lineId);
}
