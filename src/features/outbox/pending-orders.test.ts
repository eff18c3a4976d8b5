import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../db/schema';
import { formatDateTime } from '../../domain/format';
import { stateOf } from './pending-orders';

const now = Date.UTC(2026, 10, 24, 12, 0);
const entry = (changes: Partial<OutboxEntry>): OutboxEntry => ({
  id: 'e1',
  idempotencyKey: 'k1',
  operation: 'POST /api/order',
  payload: {},
  status: 'pending',
  attempts: 1,
  lastError: null,
  createdAt: now - 60_000,
  updatedAt: now,
  ...changes,
});

describe('an order waiting in the outbox', () => {
  it('refused for now with 429 stays queued and says why and when it is tried again', () => {
    const state = stateOf(
      entry({
        lastError: 'Слишком много заказов без входа в личный кабинет с этого адреса. Повторите через 40 мин.',
        nextAttemptAt: now + 40 * 60_000,
      }),
      now,
    );
    expect(state).toMatch(/^ожидает отправки \(Слишком много заказов/);
    expect(state.endsWith(`; следующая попытка — ${formatDateTime(now + 40 * 60_000)}`)).toBe(true);
  });

  it('without an answer just waits for the network', () => {
    expect(stateOf(entry({}), now)).toBe('ожидает связи');
  });
});
