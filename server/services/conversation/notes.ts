/**
 * «Заметки для сотрудников»: what the office keeps about an order for itself (a customer's
 * wishes, a talk about the price). Only the office's own operations read them; nothing a customer
 * or a partner is answered is built from this table (test/contract/staff-notes-answers.test.ts).
 */
import { asc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { noteProblem } from '../../../src/domain/order-messages';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { orderNotes } from '../../db/schema';
import { ProductError } from '../../errors';
import { orderOfSide } from './order-access';

export type OrderNote = components['schemas']['OrderNote'];

export async function notesOf(db: Database, orderId: number): Promise<OrderNote[]> {
  await orderOfSide(db, { side: 'BUREAU' }, orderId);
  const rows = await db
    .select()
    .from(orderNotes)
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
  return rows.map((row) => ({
    id: row.id,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    authorEmail: row.authorEmail,
  }));
}

export async function addNote(
  db: Database,
  staff: SignedInUser,
  orderId: number,
  text: string,
): Promise<OrderNote[]> {
  const problem = noteProblem(text);
  if (problem)
    throw new ProductError('refused', 'VALIDATION_ERROR', problem, [
      { path: '/body/text', message: problem },
    ]);
  await orderOfSide(db, { side: 'BUREAU' }, orderId);
  await db.insert(orderNotes).values({
    orderId,
    text: text.trim(),
    authorUserId: staff.id,
    authorEmail: staff.email,
  });
  return notesOf(db, orderId);
}
