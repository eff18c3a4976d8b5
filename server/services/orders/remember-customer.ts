/**
 * A signed-in customer's order teaches the cabinet what it did not know: their name and phone go
 * to the profile and the company's details to their organization, but only into empty fields — a
 * profile or organization the customer filled is never overwritten by an order (they change it on
 * its own page). An order placed without signing in changes no account: anyone can type an email.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations, users } from '../../db/schema';
import { findOwnOrganization } from '../people/organizations';

export interface OrderedAs {
  name: string;
  phoneNumber: string;
  company: { inn: string; kpp: string | null; name: string; address: string | null } | null;
}

/** «Анна Мария Смирнова» as the profile keeps it: the first word, then the rest. */
export function splitName(name: string): { firstName: string | null; lastName: string | null } {
  const [firstName, ...rest] = name.trim().split(/\s+/);
  return { firstName: firstName || null, lastName: rest.join(' ') || null };
}

export async function rememberCustomer(tx: Database, userId: number, order: OrderedAs): Promise<void> {
  const { firstName, lastName } = splitName(order.name);
  // Name and surname go together: a profile with either already set keeps its own.
  await tx
    .update(users)
    .set({ firstName, lastName })
    .where(and(eq(users.id, userId), isNull(users.firstName), isNull(users.lastName)));
  await tx
    .update(users)
    .set({ phoneNumber: order.phoneNumber })
    .where(and(eq(users.id, userId), isNull(users.phoneNumber)));
  if (!order.company) return;
  const own = await findOwnOrganization(tx, userId);
  if (!own) {
    await tx
      .insert(organizations)
      .values({ userId, ...order.company })
      .onConflictDoNothing();
    return;
  }
  if (own.inn !== order.company.inn) return;
  await tx
    .update(organizations)
    .set({
      kpp: sql`coalesce(${organizations.kpp}, ${order.company.kpp})`,
      address: sql`coalesce(${organizations.address}, ${order.company.address})`,
    })
    .where(eq(organizations.id, own.id));
}
