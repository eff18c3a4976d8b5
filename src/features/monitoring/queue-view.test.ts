import { describe, expect, it } from 'vitest';
import { parseQueueView, queueSearch } from './queue-view';

describe("the queue page's view in the address", () => {
  it('reads what it knows and falls back to the default for the rest', () => {
    expect(
      parseQueueView({ status: 'failed', page: '3', queue: 'sync-tasks', order: ' 2611-00042 ' }),
    ).toEqual({
      status: 'failed',
      page: 3,
      queue: 'sync-tasks',
      order: '2611-00042',
    });
    expect(parseQueueView({ order: 42 }).order).toBe('42');
    expect(parseQueueView({ status: 'exploded', page: '-1', queue: 'x y', order: '  ' })).toEqual({
      status: null,
      page: 1,
      queue: null,
      order: null,
    });
  });

  it('writes only what differs from the default', () => {
    expect(queueSearch({ status: 'waiting', page: 1, queue: null, order: null })).toEqual({
      status: 'waiting',
    });
    expect(queueSearch({ status: null, page: 4, queue: 'sync-tasks', order: '42' })).toEqual({ order: '42' });
  });
});
