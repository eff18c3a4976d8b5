/**
 * The `send-push` task: one notification, encrypted with web-push's VAPID and aes128gcm, sent to
 * each push subscription of its user. A device whose push service answers 404 or 410 has
 * unsubscribed (or expired) and is forgotten; a success records lastSuccessAt. Devices whose
 * service is down or slow (5xx, 429, network) are retried on their own, a few times with growing
 * delays, so a retry never repeats the message on a device that already has it.
 *
 * Requests go through fetch with web-push's generateRequestDetails rather than its own https
 * sender: the same code then reaches real push services and a plain-http one run by a test.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { notifications, pushMessages, pushSubscriptions } from '../../db/schema';
import { queuePush, type SendPushTask } from './notifications';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushMessage {
  notificationId: number;
  type: string;
  title: string;
  body: string;
  url: string | null;
  orderId: number | null;
  /** Notifications of one order replace each other on the device instead of piling up. */
  tag: string;
  /** The order's tracking link (/track/{token}): its status without signing in. */
  trackingUrl: string | null;
}

export interface PushResult {
  sent: number;
  removed: number;
  /** Subscription ids queued again because their push service failed for now. */
  retried: number[];
  failed: number;
}

export const PUSH_RETRY_LIMIT = 4;
/** A day: a message about an order's status is stale after that, so push services may drop it. */
const TTL_SECONDS = 24 * 60 * 60;
const REQUEST_TIMEOUT_MS = 10_000;

export function pushMessageOf(
  row: Pick<typeof notifications.$inferSelect, 'id' | 'type' | 'title' | 'body' | 'url' | 'orderId'>,
  trackingUrl: string | null = null,
): PushMessage {
  return {
    notificationId: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    url: row.url,
    orderId: row.orderId,
    tag: row.orderId === null ? `notification-${row.id}` : `order-${row.orderId}`,
    trackingUrl,
  };
}

type Outcome = 'sent' | 'gone' | 'retry' | 'failed';

type Device = Pick<typeof pushSubscriptions.$inferSelect, 'id' | 'endpoint' | 'p256dh' | 'auth'>;

/**
 * The notification and the devices it goes to (all its user's, or those a retry names), in one
 * trip; every push reads it, so it is prepared once (db/prepared.ts).
 */
const noticeAndDevices = preparedStatement<
  { notificationId: number; subscriptionIds: number[] | null },
  {
    id: number;
    type: string;
    title: string;
    body: string;
    url: string | null;
    order_id: number | null;
    push_message_id: number | null;
    devices: Device[] | string;
  }
>(
  'push_notice_and_devices',
  (value) => sql`select n.id, n.type, n.title, n.body, n.url, n.order_id, n.push_message_id,
      coalesce((select json_agg(json_build_object('id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh,
          'auth', s.auth) order by s.id)
        from ${pushSubscriptions} s where s.user_id = n.user_id
          and (${value('subscriptionIds')}::int[] is null or s.id = any(${value('subscriptionIds')}::int[]))), '[]'::json) as devices
    from ${notifications} n where n.id = ${value('notificationId')}::int`,
);

function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'failed';
}

export interface PushDeliveryOptions {
  vapid: VapidDetails;
  /** The site path of an order's tracking link, which every push about an order carries (null: expired). */
  orderTrackingPath?: (orderId: number) => Promise<string | null>;
  onError?: (error: unknown, context: Record<string, unknown>) => void;
}

export function createPushDelivery({ vapid, onError, orderTrackingPath }: PushDeliveryOptions) {
  async function sendOne(
    subscription: Device,
    payload: string,
    urgency: 'normal' | 'high',
  ): Promise<Outcome> {
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        { vapidDetails: vapid, TTL: TTL_SECONDS, urgency, contentEncoding: 'aes128gcm' },
      );
    } catch (error) {
      // Keys nothing can encrypt for: this device can never receive a message.
      onError?.(error, { subscriptionId: subscription.id });
      return 'gone';
    }
    try {
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      const outcome = outcomeOf(response.status);
      if (outcome === 'failed') {
        onError?.(new Error(`push service answered ${response.status}`), { subscriptionId: subscription.id });
      }
      return outcome;
    } catch (error) {
      onError?.(error, { subscriptionId: subscription.id });
      return 'retry';
    }
  }

  /** Sends the task's notification; the database is the server's (not a transaction). */
  async function deliver(db: Database, task: SendPushTask): Promise<PushResult> {
    const result: PushResult = { sent: 0, removed: 0, retried: [], failed: 0 };
    const [found] = await noticeAndDevices.rows(db, {
      notificationId: task.notificationId,
      subscriptionIds: task.subscriptionIds ?? null,
    });
    // Deleted by its reader before the push went out: nothing to say any more.
    if (!found) return result;
    const row = { ...found, orderId: found.order_id, pushMessageId: found.push_message_id };
    const devices: Device[] = typeof found.devices === 'string' ? JSON.parse(found.devices) : found.devices;
    const trackingUrl =
      devices.length > 0 && row.orderId !== null && orderTrackingPath
        ? await orderTrackingPath(row.orderId)
        : null;
    const payload = JSON.stringify(pushMessageOf(row, trackingUrl));
    const urgency = row.type === 'BROADCAST' ? 'normal' : 'high';
    const outcomes = await Promise.all(devices.map((device) => sendOne(device, payload, urgency)));
    const gone: number[] = [];
    const reached: number[] = [];
    outcomes.forEach((outcome, index) => {
      const id = (devices[index] as (typeof devices)[number]).id;
      if (outcome === 'sent') reached.push(id);
      else if (outcome === 'gone') gone.push(id);
      else if (outcome === 'retry') result.retried.push(id);
      else result.failed += 1;
    });
    if (reached.length) {
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: new Date() })
        .where(inArray(pushSubscriptions.id, reached));
    }
    if (gone.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    result.sent = reached.length;
    result.removed = gone.length;
    const attempt = task.attempt ?? 0;
    if (result.retried.length && attempt < PUSH_RETRY_LIMIT) {
      await queuePush(
        db,
        { ...task, subscriptionIds: result.retried, attempt: attempt + 1 },
        { startAfter: 15 * 2 ** attempt },
      );
    } else {
      result.failed += result.retried.length;
      result.retried = [];
    }
    // A staff message counts each device once, when its outcome is final (retries are not yet).
    if (row.pushMessageId !== null && result.sent + result.failed + result.removed > 0) {
      await db
        .update(pushMessages)
        .set({
          delivered: sql`${pushMessages.delivered} + ${result.sent}`,
          failed: sql`${pushMessages.failed} + ${result.failed}`,
          removed: sql`${pushMessages.removed} + ${result.removed}`,
        })
        .where(eq(pushMessages.id, row.pushMessageId));
    }
    return result;
  }

  return { deliver, publicKey: vapid.publicKey };
}

export type PushDelivery = ReturnType<typeof createPushDelivery>;
