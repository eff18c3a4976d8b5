/**
 * The app's one IndexedDB schema, imported by the page and by the service worker (sw/), so it
 * must stay free of React and of DOM-only APIs. Released version() blocks are never edited:
 * a change of tables or indexes is a new version() with an upgrade, below the old ones.
 */
import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type { components } from '../api/schema.gen';
import type { OrderStatus } from '../domain/order-status';
import { DB_NAME, markAppDatabaseInUse } from './presence';

export { DB_NAME };

/** Which login context a cached answer belongs to; 'public' answers are shared by everyone. */
export type CacheContext = 'public' | 'crm' | 'cabinet';

/** A successful GET answer kept for offline use (write-through cache). */
export interface CachedResponse {
  /** cacheKey(): context + operation path + parameters. */
  key: string;
  context: CacheContext;
  /** The contract path, e.g. '/api/user/orders/{id}'. */
  operation: string;
  value: unknown;
  /** When the server gave this answer (ms since epoch); shown as «Данные от …». */
  fetchedAt: number;
  etag?: string;
}

export type OrderCreate = components['schemas']['OrderCreate'];

export type DraftStatus = 'editing' | 'queued' | 'submitted';

/** A field the server refused, as its answer's details name it: { path: '/body/phoneNumber', message }. */
export interface ServerFieldProblem {
  path: string;
  message: string;
}

/** An order form being filled in; saved on each change so a reload or a lost network loses nothing. */
export interface OrderDraft {
  id: string;
  /** Generated once per draft and sent as Idempotency-Key, so a replayed order is created once. */
  idempotencyKey: string;
  payload: Partial<OrderCreate>;
  status: DraftStatus;
  attempts: number;
  lastError: string | null;
  /**
   * The fields the server refused when the draft was last sent, shown beside them on their steps
   * until each is edited (patchDraft drops a property's problems with its change).
   */
  problems?: ServerFieldProblem[];
  createdAt: number;
  updatedAt: number;
  /**
   * The name and price of each chosen catalogue item as the customer saw it ('document:1',
   * 'assurance:2', 'delivery:3'), so the form can say when one changed or went before sending.
   * Not indexed: no new Dexie version needed.
   */
  seenPrices?: Record<string, SeenPrice>;
}

export interface SeenPrice {
  name: string;
  price: number;
}

/**
 * A file chosen on step 2, kept as a blob so a reload, a crash or an offline submit loses
 * nothing. `uploadedId` is the server's file id once the upload succeeded (step 2 uploads at once
 * when online; the outbox replay uploads what is still missing before it sends the order).
 */
export interface DraftFile {
  id: string;
  draftId: string;
  name: string;
  size: number;
  type: string;
  blob: Blob;
  uploadedId: string | null;
  addedAt: number;
}

export type OutboxStatus = 'pending' | 'sending' | 'failed' | 'sent';

/**
 * A write waiting to reach the server (the page or the worker replays it when online). Three
 * kinds, told apart by `operation`: an order ('POST /api/order', src/outbox/orders.ts), a
 * partner's status change ('PATCH /api/order/status', src/outbox/status-changes.ts) and files a
 * customer adds to a placed order ('POST /api/user/orders/{id}/files', src/outbox/order-files.ts).
 */
export interface OutboxEntry {
  id: string;
  idempotencyKey: string;
  /** The contract operation, e.g. 'POST /api/order'. */
  operation: string;
  payload: unknown;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
  /** The draft this entry was made from, if any. */
  draftId?: string;
  /** The order a status change or added files are about (indexed: the order's page looks them up). */
  orderId?: number;
  /** Not before this time (ms since epoch): back-off after a network error or a 5xx. */
  nextAttemptAt?: number;
  /** What the server answered once accepted, e.g. { id, number, amount } of the order. */
  result?: unknown;
  /**
   * A status change the server refused with 409 because the order had moved meanwhile (status is
   * then 'failed' and lastError holds the server's reason): the status it is in now, when known.
   */
  conflict?: { currentStatus: OrderStatus | null };
  /** A refusal's problems by field (the server's details), for the form to show beside them. */
  problems?: ServerFieldProblem[];
}

export interface MetaEntry {
  key: string;
  value: unknown;
  updatedAt: number;
}

export class AppDatabase extends Dexie {
  cache!: EntityTable<CachedResponse, 'key'>;
  drafts!: EntityTable<OrderDraft, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;
  meta!: EntityTable<MetaEntry, 'key'>;
  draftFiles!: EntityTable<DraftFile, 'id'>;

  constructor(options?: DexieOptions, name: string = DB_NAME) {
    super(name, options);
    markAppDatabaseInUse();
    this.version(1).stores({
      cache: 'key, context, operation, fetchedAt',
      drafts: 'id, &idempotencyKey, status, updatedAt',
      outbox: 'id, &idempotencyKey, status, createdAt, draftId',
      meta: 'key',
    });
    // Order-flow release: files of a draft kept as blobs until they are uploaded.
    this.version(2).stores({
      draftFiles: 'id, draftId, addedAt',
    });
    // Partner orders release: status changes queued in the outbox, looked up by their order.
    // Only an index is added, so IndexedDB keeps every queued order as it was.
    this.version(3).stores({
      outbox: 'id, &idempotencyKey, status, createdAt, draftId, orderId',
    });
  }
}
