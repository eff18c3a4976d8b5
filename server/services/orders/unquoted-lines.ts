/**
 * Which documents of an order priced by estimate still have no price: such an order cannot be
 * confirmed (order-status.ts refuses to move it out of NEW but to cancel it). Apart from
 * quote-lines.ts so the status machine's transaction needs nothing of the quote's edits.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderDocuments } from '../../db/schema';

/** The lines priced by estimate that still have no price: the order cannot be confirmed yet. */
export async function unquotedLines(db: Database, orderId: number): Promise<string[]> {
  const rows = await db
    .select({ type: orderDocuments.type, price: orderDocuments.price, byEstimate: orderDocuments.byEstimate })
    .from(orderDocuments)
    .where(eq(orderDocuments.orderId, orderId));
  return rows.filter((row) => row.byEstimate && row.price <= 0).map((row) => row.type);
}
