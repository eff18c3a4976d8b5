/**
 * Rows that tests need and no API makes yet (orders, notifications, files arrive with later
 * issues): inserted straight into the database with the fewest fields the schema requires.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OrderStatus } from '../../src/domain/order-status';
import type { Role } from '../../src/domain/roles';
import type { AppContext } from '../app-context';
import {
  accessRequests,
  files,
  notifications,
  orderResults,
  orders,
  organizations,
  users,
} from '../db/schema';

const unique = () => randomBytes(4).toString('hex');

function first<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function createUser(
  ctx: AppContext,
  values: {
    role?: Role;
    email?: string;
    partnerId?: number | null;
    login?: string;
    passwordHash?: string;
    firstName?: string;
    lastName?: string;
    isBlocked?: boolean;
  } = {},
) {
  return first(
    await ctx.db
      .insert(users)
      .values({ email: `user-${unique()}@example.ru`, role: 'USER', ...values })
      .returning(),
  );
}

export async function createOrder(
  ctx: AppContext,
  values: { userId: number | null; partnerId?: number | null },
) {
  const suffix = unique();
  return first(
    await ctx.db
      .insert(orders)
      .values({
        number: `T-${suffix}`,
        name: 'Анна Смирнова',
        phoneNumber: '+7 916 123-45-67',
        email: `order-${suffix}@example.ru`,
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryType: values.partnerId ? 'PICKUP_POINT' : 'OFFICE',
        ...values,
      })
      .returning(),
  );
}

export async function createNotification(ctx: AppContext, userId: number, orderId: number | null = null) {
  return first(
    await ctx.db
      .insert(notifications)
      .values({ userId, orderId, type: 'ORDER_STATUS', title: 'Заказ готов', body: 'Можно забирать' })
      .returning(),
  );
}

/** A tiny PDF, stored in the file storage too, so a download of it succeeds. */
export async function createFile(ctx: AppContext, ownerUserId: number | null, orderId: number | null = null) {
  const storagePath = `test/${unique()}`;
  const bytes = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await ctx.storage.write(storagePath, bytes, 'application/pdf');
  return first(
    await ctx.db
      .insert(files)
      .values({
        ownerUserId,
        orderId,
        storagePath,
        name: 'passport.pdf',
        size: bytes.length,
        mime: 'application/pdf',
        kind: 'ORDER_DOCUMENT',
      })
      .returning(),
  );
}

/**
 * A file of the finished translation attached to the order (moved to `status` first, when given),
 * as POST /api/order/{id}/results leaves it; answers the result's id.
 */
export async function createResult(ctx: AppContext, orderId: number, status?: OrderStatus): Promise<number> {
  if (status) await ctx.db.update(orders).set({ status }).where(eq(orders.id, orderId));
  const file = await createFile(ctx, null, orderId);
  await ctx.db
    .update(files)
    .set({ kind: 'ORDER_RESULT', name: 'Перевод паспорта.pdf' })
    .where(eq(files.id, file.id));
  const [result] = await ctx.db
    .insert(orderResults)
    .values({ orderId, fileId: file.id, note: null, addedByEmail: 'manager@perevod.local' })
    .returning({ id: orderResults.id });
  return result?.id as number;
}

export async function createOrganization(ctx: AppContext, userId: number) {
  return first(
    await ctx.db
      .insert(organizations)
      .values({ userId, inn: '7707083893', kpp: '773601001', name: 'ООО «Ромашка»' })
      .returning(),
  );
}

export async function createAccessRequest(ctx: AppContext, user: { id: number; email: string | null }) {
  return first(
    await ctx.db
      .insert(accessRequests)
      .values({
        userId: user.id,
        email: user.email ?? `request-${unique()}@example.ru`,
        name: 'Анна Смирнова',
        reason: 'Новый менеджер',
      })
      .returning(),
  );
}
