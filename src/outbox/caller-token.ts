/**
 * The token the page sends a queued order with. The server scopes an Idempotency-Key to its
 * caller, so the caller must not change between attempts: an order queued anonymously stays
 * anonymous even if the customer signs in meanwhile (else a lost answer plus a resend with a token
 * makes a second order); one queued with a token goes with the page's fresh token, or the stored
 * one if the page has none (a 401 then tells the user to sign in, never an anonymous resend).
 */
import type { OutboxEntry } from '../db/schema';
import type { OrderEntryPayload } from './orders';

export function pageTokenFor(entry: OutboxEntry, currentToken: string | null): string | null {
  const queuedWith = (entry.payload as Partial<OrderEntryPayload> | null)?.token ?? null;
  if (!queuedWith) return null;
  return currentToken ?? queuedWith;
}
