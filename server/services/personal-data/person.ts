/**
 * Whose data a request is about, and which orders are theirs: exactly the cabinet's orders
 * (scopeOwnOrdersFor, docs/decisions/0011) — placed by the account, or placed with its email and
 * left without an account — so the export and the erasure reach what the person sees and nothing
 * of anyone else's.
 */
import { asc, eq } from 'drizzle-orm';
import { scopeOwnOrdersFor } from '../../auth/ownership';
import type { Database } from '../../db/client';
import { orders, users } from '../../db/schema';
import { notFound } from '../../errors';

export type PersonRow = typeof users.$inferSelect;

export const personNotFound = () => notFound('Пользователь не найден');

export async function findPerson(db: Database, userId: number): Promise<PersonRow> {
  const [person] = await db.select().from(users).where(eq(users.id, userId));
  if (!person) throw personNotFound();
  return person;
}

/** The condition on `orders` that picks the person's orders. */
export const ordersOfPerson = (person: Pick<PersonRow, 'id' | 'email'>) =>
  scopeOwnOrdersFor({ id: person.id, email: person.email, role: 'USER', partnerId: null });

/** The person's orders, oldest first. */
export async function personOrderRows(db: Database, person: Pick<PersonRow, 'id' | 'email'>) {
  return db
    .select()
    .from(orders)
    .where(ordersOfPerson(person))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}
