/**
 * Staff announcements (POST /api/notifications/send): one BROADCAST notification per recipient —
 * everyone, one role or one user, blocked accounts left out — written in one statement, and a
 * send-push task for each recipient who has a device, all in one transaction.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../src/api/schema.gen';
import type { Role } from '../../src/domain/roles';
import type { Database } from '../db/client';
import { notifications, pushSubscriptions, users } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { queuePushes } from './notifications';

export type PushSend = components['schemas']['PushSend'];

export interface BroadcastResult {
  recipients: number;
  devices: number;
}

const invalid = (field: string, message: string) =>
  new ApiError(400, 'VALIDATION_ERROR', message, { fields: { [field]: message } });

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

export async function broadcast(db: Database, input: PushSend): Promise<BroadcastResult> {
  const who = audienceOf(input);
  const title = input.title.trim();
  const body = input.body.trim();
  if (!title) throw invalid('title', 'Введите заголовок');
  if (!body) throw invalid('body', 'Введите текст уведомления');
  return db.transaction(async (tx) => {
    const inserted = await tx.execute(sql`
      insert into ${notifications} (user_id, type, title, body, url)
      select ${users.id}, 'BROADCAST', ${title}, ${body}, ${input.url ?? null}
      from ${users} where ${who}
      returning id, user_id as "userId"`);
    const created = (inserted as unknown as { rows: { id: number; userId: number }[] }).rows;
    if (input.audience === 'USER' && created.length === 0) throw notFound('Пользователь не найден');
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
    return {
      recipients: created.length,
      devices: withDevices.reduce((sum, row) => sum + row.devices, 0),
    };
  });
}
