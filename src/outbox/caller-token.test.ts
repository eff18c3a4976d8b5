import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../db/schema';
import { pageTokenFor } from './caller-token';

const queued = (token: string | null) =>
  ({ payload: { draftId: 'd', body: {}, token } }) as unknown as OutboxEntry;

describe('the token a queued order is sent with from the page', () => {
  it('keeps an anonymous order anonymous after the customer signs in', () => {
    expect(pageTokenFor(queued(null), 'fresh')).toBeNull();
  });

  it("sends a signed-in customer's order with the page's fresh token, or the stored one", () => {
    expect(pageTokenFor(queued('old'), 'fresh')).toBe('fresh');
    expect(pageTokenFor(queued('old'), null)).toBe('old');
  });
});
