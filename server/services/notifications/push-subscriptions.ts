/**
 * The devices a user receives web push on. A subscription belongs to the browser that made it:
 * saving an endpoint another account saved before moves it to the caller (the browser's new
 * user), so a shared computer does not keep receiving its previous user's orders.
 *
 * The server later POSTs to the endpoint, so what a client may save is narrowed to what a push
 * service looks like: an https URL on a host name, not an IP address or localhost (no requests to
 * the server's own network on a customer's say-so), with keys that web-push can encrypt for.
 */
import { isIP } from 'node:net';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { ProductError } from '../../errors';

export type PushSubscriptionInput = components['schemas']['PushSubscription'];

/** More devices than anyone has; the oldest go first, so a flood of fake ones costs nothing. */
export const DEVICES_PER_USER = 20;

const invalid = (field: string, message: string) =>
  new ProductError('validation', 'VALIDATION_ERROR', message, { fields: { [field]: message } });

function checkEndpoint(endpoint: string): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw invalid('endpoint', 'Адрес подписки не является ссылкой');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const local =
    host === 'localhost' || host.endsWith('.localhost') || isIP(host) !== 0 || !host.includes('.');
  if (url.protocol !== 'https:' || local || url.username || url.password) {
    throw invalid('endpoint', 'Адрес подписки должен вести на службу push-уведомлений по https');
  }
}

/** p256dh is an uncompressed P-256 point (65 bytes, 0x04 first); auth is 16 random bytes. */
function checkKeys(keys: PushSubscriptionInput['keys']): void {
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) {
    throw invalid('keys.p256dh', 'Ключ подписки p256dh повреждён');
  }
  if (Buffer.from(keys.auth, 'base64url').length < 16) {
    throw invalid('keys.auth', 'Ключ подписки auth повреждён');
  }
}

export async function savePushSubscription(
  db: Database,
  userId: number,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<void> {
  checkEndpoint(input.endpoint);
  checkKeys(input.keys);
  const values = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    expirationTime:
      typeof input.expirationTime === 'number' && Number.isFinite(input.expirationTime)
        ? new Date(input.expirationTime)
        : null,
    userAgent: userAgent?.slice(0, 300) ?? null,
  };
  await db.transaction(async (tx) => {
    // The app saves its subscription at every start: createdAt then says when it was last seen.
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: new Date() } });
    const devices = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    if (devices.length > DEVICES_PER_USER) {
      const keep = devices.slice(-DEVICES_PER_USER).map((device) => device.id);
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, keep)));
    }
  });
}

/** Forgets the caller's device; an endpoint they do not own (or never saved) changes nothing. */
export async function deletePushSubscription(db: Database, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
