/**
 * What the page and the service worker say to each other about the outbox, written once for both:
 * the Background Sync tag the page registers and the worker answers, and the message the worker
 * posts to open pages after a replay. No imports but types: the page reads it on a first visit.
 */
import type { ReplaySummary } from './replay';

/** registration.sync.register(OUTBOX_SYNC_TAG) on the page; the worker's 'sync' event carries it. */
export const OUTBOX_SYNC_TAG = 'outbox';

const REPLAYED = 'outbox-replayed';

/** The worker replayed the outbox: pages read it again (summary null: another replay held the lock). */
export interface OutboxReplayedMessage {
  type: typeof REPLAYED;
  summary: ReplaySummary | null;
}

export const outboxReplayed = (summary: ReplaySummary | null): OutboxReplayedMessage => ({
  type: REPLAYED,
  summary,
});

export const isOutboxReplayed = (data: unknown): data is OutboxReplayedMessage =>
  (data as { type?: unknown } | null)?.type === REPLAYED;
