import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../db/schema';
import { testDb } from '../db/test-db';
import { acceptedNews, acceptedText, markAcceptedSeen } from './accepted-orders';

const now = Date.UTC(2026, 10, 23, 9, 0);

function entry(id: string, patch: Partial<OutboxEntry>): OutboxEntry {
  return {
    id,
    idempotencyKey: `key-${id}`,
    operation: 'POST /api/order',
    payload: {},
    status: 'sent',
    attempts: 1,
    lastError: null,
    createdAt: now - 60_000,
    updatedAt: now - 1_000,
    result: { id: 7, number: '2611-00007', amount: 4450 },
    ...patch,
  };
}

describe('orders accepted after waiting', () => {
  it('tells about an order sent after a failed try until the user has seen it, and not about others', async () => {
    const db = testDb();
    await db.outbox.bulkAdd([
      entry('waited', {}),
      entry('first-try', { attempts: 0 }),
      entry('still-pending', { status: 'pending', result: undefined }),
      entry('last-month', { updatedAt: now - 30 * 24 * 60 * 60 * 1000 }),
    ]);
    expect((await acceptedNews(db, now)).map((order) => order.entryId)).toEqual(['waited']);
    await markAcceptedSeen(db, ['waited'], now);
    expect(await acceptedNews(db, now)).toEqual([]);
  });

  it('names the order number and the amount in roubles', () => {
    const { title, body } = acceptedText({ id: 7, number: '2611-00007', amount: 4450 });
    expect(title).toBe('Заказ № 2611-00007 принят');
    expect(body).toMatch(/4\s450\s₽/);
    const discounted = acceptedText({
      id: 8,
      number: '2611-00008',
      amount: 4030,
      promoCode: 'WELCOME10',
      discountPercent: 10,
    });
    expect(discounted.body).toMatch(/4\s030\s₽ — со скидкой 10% по промокоду WELCOME10\.$/);
  });
});
