/**
 * The signed-in user's own notifications: the cabinet's list, read marks, deletion and the unread
 * count of the navigation badge. Notifications are personal for every role (staff included): a
 * notification of someone else is 404, as if it did not exist.
 */
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { scopeNotificationsFor } from '../../auth/ownership';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { notFound } from '../../errors';
import type { QueryOf } from '../../operation-types';

export type Notification = components['schemas']['Notification'];
export type NotificationPage = components['schemas']['NotificationPage'];
export type NotificationStats = components['schemas']['NotificationStats'];

type Caller = Pick<SignedInUser, 'id' | 'role' | 'partnerId'>;

const missing = () => notFound('Уведомление не найдено');

export function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    url: row.url,
    orderId: row.orderId,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function countWhere(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(where);
  return row?.n ?? 0;
}

export async function notificationStats(db: Database, caller: Caller): Promise<NotificationStats> {
  const mine = scopeNotificationsFor(caller);
  const [total, unread] = await Promise.all([
    countWhere(db, mine),
    countWhere(db, and(mine, isNull(notifications.readAt))),
  ]);
  return { total, unread };
}

export async function listMyNotifications(
  db: Database,
  caller: Caller,
  query: QueryOf<'listMyNotifications'>,
): Promise<NotificationPage> {
  const limit = query.limit ?? 20;
  const offset = query.offset ?? 0;
  const mine = scopeNotificationsFor(caller);
  const where = query.includeRead === false ? and(mine, isNull(notifications.readAt)) : mine;
  const [rows, total, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset),
    countWhere(db, where),
    countWhere(db, and(mine, isNull(notifications.readAt))),
  ]);
  return { items: rows.map(toNotification), total, unread, limit, offset };
}

export async function markNotificationRead(db: Database, caller: Caller, id: number): Promise<Notification> {
  const mine = and(scopeNotificationsFor(caller), eq(notifications.id, id));
  // The first reading stays: marking twice does not move readAt.
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(mine, isNull(notifications.readAt)));
  const [row] = await db.select().from(notifications).where(mine);
  if (!row) throw missing();
  return toNotification(row);
}

export async function markAllNotificationsRead(db: Database, caller: Caller): Promise<{ updated: number }> {
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(scopeNotificationsFor(caller), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: updated.length };
}

export async function deleteMyNotification(db: Database, caller: Caller, id: number): Promise<void> {
  const deleted = await db
    .delete(notifications)
    .where(and(scopeNotificationsFor(caller), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  if (deleted.length === 0) throw missing();
}
