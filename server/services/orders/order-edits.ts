/**
 * Staff edits of an order besides its status: the amount (ADMIN), the "other document"'s price
 * and cost, the payment link, and deletion. Each edit locks the row, checks the order is still
 * before payment, and keeps who, when, the old and the new value in order_changes in the same
 * transaction. recordOrderChange is also the way other parts (the signed act upload) log theirs.
 */
import { eq } from 'drizzle-orm';
import { isPriceEditable, ORDER_STATUS_LABELS, type OrderStatus } from '../../../src/domain/order-status';
import type { Database } from '../../db/client';
import { orderChanges, orders } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import type { OrderRow, StatusActor } from './order-status';

export type OrderChangeField = (typeof orderChanges.$inferInsert)['field'];

export interface OrderChange {
  orderId: number;
  field: OrderChangeField;
  oldValue: string | null;
  newValue: string | null;
  comment?: string | null;
  actor: StatusActor;
}

export async function recordOrderChange(executor: Database, change: OrderChange): Promise<void> {
  await executor.insert(orderChanges).values({
    orderId: change.orderId,
    field: change.field,
    oldValue: change.oldValue,
    newValue: change.newValue,
    comment: change.comment?.trim() || null,
    actorUserId: change.actor.userId,
    actorEmail: change.actor.email,
    actorRole: change.actor.role === 'SYSTEM' ? null : change.actor.role,
  });
}

const notEditable = (what: string, status: OrderStatus) =>
  new ProductError(
    'conflict',
    'CONFLICT',
    `${what} можно менять только до оплаты, а заказ в статусе «${ORDER_STATUS_LABELS[status]}»`,
    { currentStatus: status },
  );

const money = (value: number) => value.toFixed(2);
const kopecks = (value: number) => Math.round(value * 100);

async function lockOrder(tx: Database, orderId: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) throw notFound('Заказ не найден');
  return row;
}

export async function changeOrderAmount(
  db: Database,
  input: { orderId: number; amount: number; comment?: string | null; actor: StatusActor },
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!isPriceEditable(order.status)) throw notEditable('Сумму заказа', order.status);
    if (kopecks(order.amount) === kopecks(input.amount)) return;
    await tx
      .update(orders)
      .set({ amount: input.amount, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    await recordOrderChange(tx, {
      orderId: order.id,
      field: 'AMOUNT',
      oldValue: money(order.amount),
      newValue: money(input.amount),
      comment: input.comment,
      actor: input.actor,
    });
  });
}

export async function changeOtherDocumentAmount(
  db: Database,
  input: { orderId: number; otherPrice: number; otherCost: number; actor: StatusActor },
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!isPriceEditable(order.status)) throw notEditable('Цену другого документа', order.status);
    const priceMoved = kopecks(order.otherPrice) !== kopecks(input.otherPrice);
    const costMoved = kopecks(order.otherCost) !== kopecks(input.otherCost);
    if (!priceMoved && !costMoved) return;
    // The amount moves by the difference, so an ADMIN's hand-set amount keeps its own correction.
    const amount = (kopecks(order.amount) - kopecks(order.otherPrice) + kopecks(input.otherPrice)) / 100;
    if (amount < 0) {
      throw new ProductError('conflict', 'CONFLICT', 'Сумма заказа стала бы отрицательной: проверьте цену', {
        amount,
      });
    }
    await tx
      .update(orders)
      .set({ otherPrice: input.otherPrice, otherCost: input.otherCost, amount, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    if (priceMoved) {
      await recordOrderChange(tx, {
        orderId: order.id,
        field: 'OTHER_PRICE',
        oldValue: money(order.otherPrice),
        newValue: money(input.otherPrice),
        actor: input.actor,
      });
      await recordOrderChange(tx, {
        orderId: order.id,
        field: 'AMOUNT',
        oldValue: money(order.amount),
        newValue: money(amount),
        comment: 'Пересчитана с ценой другого документа',
        actor: input.actor,
      });
    }
    if (costMoved) {
      await recordOrderChange(tx, {
        orderId: order.id,
        field: 'OTHER_COST',
        oldValue: money(order.otherCost),
        newValue: money(input.otherCost),
        actor: input.actor,
      });
    }
  });
}

export async function setPaymentLink(
  db: Database,
  input: { orderId: number; paymentUrl: string; actor: StatusActor },
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!isPriceEditable(order.status)) throw notEditable('Ссылку на оплату', order.status);
    const paymentUrl = input.paymentUrl.trim();
    if (order.paymentUrl === paymentUrl) return;
    await tx.update(orders).set({ paymentUrl, updatedAt: new Date() }).where(eq(orders.id, order.id));
    await recordOrderChange(tx, {
      orderId: order.id,
      field: 'PAYMENT_URL',
      oldValue: order.paymentUrl,
      newValue: paymentUrl,
      actor: input.actor,
    });
  });
}

/** Lines, history, changes and events go with the order; its uploads are freed for the cleanup job. */
export async function deleteOrder(db: Database, orderId: number): Promise<void> {
  const deleted = await db.delete(orders).where(eq(orders.id, orderId)).returning({ id: orders.id });
  if (deleted.length === 0) throw notFound('Заказ не найден');
}
