/**
 * The monitor finds an order by what staff type: its id (42) or its number (2611-00042), with
 * or without «№» or «#». An order that is neither is 404, as any missing order.
 */
import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { notFound } from '../../errors';

const MAX_ID = 2_147_483_647;

export async function findOrderByRef(db: Database, ref: string): Promise<{ id: number; number: string }> {
  const text = ref.trim().replace(/^[№#]\s*/, '');
  const id = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  const byNumber = sql`lower(${orders.number}) = ${text.toLowerCase()}`;
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(Number.isInteger(id) && id >= 1 && id <= MAX_ID ? or(eq(orders.id, id), byNumber) : byNumber)
    .limit(2);
  // The id wins over a number that happens to read the same.
  const order = rows.find((row) => row.id === id) ?? rows[0];
  if (!order) throw notFound(`Заказ «${text}» не найден`);
  return order;
}
