/**
 * Staff messages (POST /api/notifications/send): the message is kept (push_messages) with who sent
 * it, then one BROADCAST notification per recipient — everyone, one role or one user, blocked
 * accounts left out — written in one statement, and a send-push task for each recipient who has a
 * device, all in one transaction. The send-push task (push-delivery.ts) adds each device's outcome
 * to the message's counts, so the back office shows how many it reached, failed and removed.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import type { Role } from '../../../src/domain/roles';
import { isSafeRedirect } from '../../../src/domain/safe-redirect';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notifications, pushMessages, pushSubscriptions, users } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import type { QueryOf } from '../../operation-types';
import { queuePushes } from './notifications';

export type PushSend = components['schemas']['PushSend'];
export type SentPush = components['schemas']['SentPush'];
export type PushRecipient = components['schemas']['PushRecipient'];

export interface BroadcastResult {
  messageId: number;
  recipients: number;
  devices: number;
}

export const PUSH_LINK_MESSAGE =
  'Ссылка — адрес внутри приложения, начинается с «/», например /cabinet/orders';

const invalid = (field: string, message: string) =>
  new ProductError('validation', 'VALIDATION_ERROR', message, { fields: { [field]: message } });

function audienceOf(input: PushSend) {
  const active = eq(users.isBlocked, false);
  if (input.audience === 'ROLE') {
    if (!input.role) throw invalid('role', 'Выберите роль получателей');
    return and(active, eq(users.role, input.role as Role));
  }
  if (input.audience === 'USER') {
    if (!input.userId) throw invalid('userId', 'Выберите получателя');
    return and(active, eq(users.id, input.userId));
  }
  return active;
}

export async function broadcast(
  db: Database,
  sender: SignedInUser,
  input: PushSend,
): Promise<BroadcastResult> {
  const who = audienceOf(input);
  const title = input.title.trim();
  const body = input.body.trim();
  if (!title) throw invalid('title', 'Введите заголовок');
  if (!body) throw invalid('body', 'Введите текст уведомления');
  // A tap opens the link: «//evil.example» or «/\evil.example» would open another site.
  if (input.url != null && !isSafeRedirect(input.url)) throw invalid('url', PUSH_LINK_MESSAGE);
  return db.transaction(async (tx) => {
    const recipient =
      input.audience === 'USER' && input.userId
        ? (
            await tx
              .select({ email: users.email })
              .from(users)
              .where(and(eq(users.id, input.userId), who))
          )[0]
        : undefined;
    if (input.audience === 'USER' && !recipient) throw notFound('Пользователь не найден');
    const [message] = await tx
      .insert(pushMessages)
      .values({
        title,
        body,
        url: input.url ?? null,
        audience: input.audience,
        role: input.audience === 'ROLE' ? (input.role as Role) : null,
        recipientUserId: input.audience === 'USER' ? (input.userId ?? null) : null,
        recipientEmail: recipient?.email ?? null,
        sentByUserId: sender.id,
        sentByEmail: sender.email,
      })
      .returning({ id: pushMessages.id });
    if (!message) throw new Error('push message insert returned nothing');
    const created = await rowsOf<{ id: number; userId: number }>(
      tx,
      sql`
      insert into ${notifications} (user_id, type, title, body, url, push_message_id)
      select ${users.id}, 'BROADCAST', ${title}, ${body}, ${input.url ?? null}, ${message.id}::int
      from ${users} where ${who}
      returning id, user_id as "userId"`,
    );
    const userIds = created.map((row) => row.userId);
    const withDevices = userIds.length
      ? await tx
          .select({ userId: pushSubscriptions.userId, devices: count() })
          .from(pushSubscriptions)
          .where(inArray(pushSubscriptions.userId, userIds))
          .groupBy(pushSubscriptions.userId)
      : [];
    const reachable = new Set(withDevices.map((row) => row.userId));
    await queuePushes(
      tx,
      created
        .filter((row) => reachable.has(row.userId))
        .map((row) => ({ name: 'send-push' as const, notificationId: row.id })),
    );
    const devices = withDevices.reduce((sum, row) => sum + row.devices, 0);
    await tx
      .update(pushMessages)
      .set({ recipients: created.length, devices })
      .where(eq(pushMessages.id, message.id));
    return { messageId: message.id, recipients: created.length, devices };
  });
}

export async function listSentPushes(db: Database, query: QueryOf<'listSentPushes'>) {
  const limit = query.limit ?? 20;
  const offset = query.offset ?? 0;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(pushMessages)
      .orderBy(desc(pushMessages.createdAt), desc(pushMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(pushMessages),
  ]);
  const items: SentPush[] = rows.map((row) => ({
    id: row.id,
    title: row.title,
    body: row.body,
    url: row.url,
    audience: row.audience as SentPush['audience'],
    role: row.role,
    recipientEmail: row.recipientEmail,
    sentByEmail: row.sentByEmail,
    createdAt: row.createdAt.toISOString(),
    recipients: row.recipients,
    devices: row.devices,
    delivered: row.delivered,
    failed: row.failed,
    removed: row.removed,
  }));
  return { items, total: total?.value ?? 0, limit, offset };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Up to 10 active users whose email holds the text, the exact address first. */
export async function findPushRecipients(db: Database, text: string): Promise<PushRecipient[]> {
  const email = text.trim().toLowerCase();
  // Written out qualified: inside the subquery a bare "id" would be the subscription's own.
  const devices = sql<number>`(select count(*)::int from push_subscriptions s where s.user_id = "users"."id")`;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      devices,
    })
    .from(users)
    .where(and(eq(users.isBlocked, false), sql`lower(${users.email}) like ${likePattern(email)}`))
    .orderBy(sql`lower(${users.email}) = ${email} desc`, sql`lower(${users.email})`)
    .limit(10);
  return rows.map((row) => ({
    id: row.id,
    email: row.email ?? '',
    name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
    role: row.role,
    devices: Number(row.devices),
  }));
}
