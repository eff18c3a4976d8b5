/**
 * Changing an order before the bureau starts the work (decision 0056): the customer from the
 * cabinet (PATCH /api/user/orders/{id}) and staff from the card (PATCH /api/order/{id}) send the
 * order's whole set of lines, its urgency and its delivery. The change is checked by the order
 * form's own checks (checkOrder, with the order's contacts and languages) and priced by the one
 * pricing function (src/domain/pricing.ts): documents and assurances already in the order keep
 * the price they were ordered at, added ones cost today's; the order's promo code keeps its terms
 * and takes nothing off while the documents' sum is under its minimum.
 *
 * One transaction, under the order's row lock: the lines written again, the order's prices and
 * delivery, a history entry per change (old → new), an order awaiting payment moved back to NEW
 * with its payment link dropped, the Idempotency-Key, and the other side told — the managers of
 * a customer's change, the customer (notification, push, mail) of a staff member's. A dryRun
 * computes the same and writes nothing.
 */
import { createHash } from 'node:crypto';
import { and, eq, type SQL } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { dueDate, leadTimesOf } from '../../../src/domain/due-date';
import {
  amountChange,
  type ChangeEntry,
  DELIVERY_WORDS,
  deliveryChange,
  lineChanges,
  urgencyChange,
} from '../../../src/domain/order-changes';
import { mayChangeOrder, type OrderStatus } from '../../../src/domain/order-status';
import { nameAfterKind } from '../../../src/domain/place-names';
import { priceOrder } from '../../../src/domain/pricing';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import {
  idempotencyKeys,
  orderDocumentAssurances,
  orderDocuments,
  orders,
  promoCodes,
} from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import type { BodyOf } from '../../operation-types';
import { scheduleOf } from '../catalogue/work-calendar';
import { notifyManagers } from '../documents/notify';
import { notifyOrderCustomer } from '../notifications/notifications';
import { checkOrder, type OrderCreate } from './check-order';
import { claimIdempotencyKey } from './idempotency-key';
import { recordOrderChange } from './order-edits';
import { assurancesOfLine, readOrderLines } from './order-lines';
import { queueOrderMail } from './order-mail';
import { type OrderRow, type StatusActor, transitionOrder } from './order-status';

export type OrderChangeBody = BodyOf<'changeMyOrder'>;
export type OrderChangePreview = components['schemas']['OrderChangePreview'];

export interface ChangeOrderInput {
  orderId: number;
  body: OrderChangeBody;
  actor: StatusActor;
  /** Who changes it: the customer tells the managers, staff tell the customer. */
  side: 'customer' | 'staff';
  /** Which orders the actor may reach (auth/ownership.ts); outside it the order is 404. */
  scope?: SQL;
  idempotencyKey?: string;
}

export const WORK_STARTED_MESSAGE =
  'Бюро уже начало работу над заказом, изменить его нельзя. Напишите бюро в переписке по заказу — мы поможем.';

const workStarted = (status: OrderStatus, side: ChangeOrderInput['side']) =>
  new ProductError(
    'conflict',
    'CONFLICT',
    status === 'CANCELLED'
      ? 'Заказ отменён, изменить его нельзя'
      : side === 'staff'
        ? 'Документы и доставку можно менять только до оплаты заказа'
        : WORK_STARTED_MESSAGE,
    { currentStatus: status },
  );

const invalid = (path: string, message: string) =>
  new ProductError('validation', 'VALIDATION_ERROR', message, [{ path, message }]);

const KEY_REUSED = 'Этот ключ уже использован для другого изменения заказа: отправьте изменение заново';

const kopecks = (rubles: number) => Math.round(rubles * 100);

/** The order's delivery in words, with the point or the address. */
function deliveryWords(order: Pick<OrderRow, 'deliveryType' | 'pickupPointName' | 'address'>): string {
  const kind = DELIVERY_WORDS[order.deliveryType];
  if (order.deliveryType === 'PICKUP_POINT' && order.pickupPointName)
    return `${kind} ${nameAfterKind(order.pickupPointName, 'PICKUP_POINT')}`;
  if (order.deliveryType === 'COURIER' && order.address) return `${kind}, ${order.address}`;
  return kind;
}

/** The order's contacts, languages and payer with the change: what the order form's checks read. */
function asOrderCreate(order: OrderRow, body: OrderChangeBody): OrderCreate {
  return {
    name: order.name,
    phoneNumber: order.phoneNumber,
    email: order.email,
    originalLanguage: order.originalLanguage,
    targetLanguage: order.targetLanguage,
    payerType: order.payerType,
    organizationInn: order.organizationInn,
    organizationName: order.organizationName,
    organizationKpp: order.organizationKpp,
    organizationAddress: order.organizationAddress,
    personalDataConsent: true,
    orderDocuments: body.orderDocuments,
    urgent: body.urgent,
    deliveryType: body.deliveryType,
    deliveryId: body.deliveryId ?? null,
    // Left out, a pickup point order stays at its point; an explicit null asks for one (400).
    pickupPointId:
      body.pickupPointId !== undefined
        ? body.pickupPointId
        : body.deliveryType === 'PICKUP_POINT' && order.deliveryType === 'PICKUP_POINT'
          ? order.pickupPointId
          : null,
    officeId: body.officeId ?? null,
    address: body.address ?? null,
    deliveryData: body.deliveryData ?? null,
  };
}

const requestHash = (orderId: number, body: OrderChangeBody) =>
  createHash('sha256')
    .update(JSON.stringify([orderId, body]))
    .digest('hex');

export async function changeOrder(
  ctx: AppContext,
  input: ChangeOrderInput,
): Promise<{ preview: OrderChangePreview; replayed: boolean }> {
  const dryRun = input.body.dryRun === true;
  const key =
    !dryRun && input.idempotencyKey
      ? `order-change:${input.side}:${input.actor.userId}:${input.idempotencyKey}`
      : undefined;
  return ctx.db.transaction(async (tx) => {
    if (key) {
      const claim = await claimIdempotencyKey(tx, key, requestHash(input.orderId, input.body), KEY_REUSED);
      if (!claim.fresh) return { preview: await unchangedPreview(tx, input), replayed: true };
    }
    const where = input.scope ? and(eq(orders.id, input.orderId), input.scope) : eq(orders.id, input.orderId);
    const [order] = await tx.select().from(orders).where(where).for('update');
    if (!order) throw notFound('Заказ не найден');
    if (!mayChangeOrder(order.status)) throw workStarted(order.status, input.side);
    input.body.orderDocuments.forEach((line, index) => {
      if (line.fileIds?.length)
        throw invalid(
          `/body/orderDocuments/${index}/fileIds`,
          'Файлы к заказу добавляются кнопкой «Добавить файлы», а не при изменении заказа',
        );
    });

    const at = new Date();
    const checked = await checkOrder(tx, asOrderCreate(order, input.body), order.userId);
    const stored = await readOrderLines(tx, [order.id]);
    // What is already in the order keeps the price (and cost) it was ordered at.
    const documents = new Map(checked.documents);
    const assurances = new Map(checked.assurances);
    for (const line of stored.lines) {
      const known = documents.get(line.documentId);
      if (known) documents.set(line.documentId, { ...known, price: line.price, cost: line.cost });
    }
    for (const assurance of stored.assurances) {
      const known = assurances.get(assurance.assuranceId);
      if (known) assurances.set(assurance.assuranceId, { ...known, price: assurance.price });
    }
    const urgent = input.body.urgent === true;
    const urgentPercent = urgent ? (order.urgent ? order.urgentPercent : checked.calendar.urgentPercent) : 0;
    const price = priceOrder({
      lines: checked.lines,
      documents,
      assurances,
      deliveryPrice: checked.delivery.price,
      discountPercent: order.discountPercent,
      discountFixed: order.promoAmount,
      discountMinimum: await promoMinimum(tx, order.promoCodeId),
      urgentPercent,
      otherPrice: order.otherPrice,
      otherCost: order.otherCost,
      at,
    });

    const pickupPoint = checked.pickupPoint;
    const address = input.body.deliveryType === 'COURIER' ? (input.body.address?.trim() ?? null) : null;
    const entries: ChangeEntry[] = [
      ...lineChanges(
        stored.lines.map((line) => ({ ...line, assurances: assurancesOfLine(stored.assurances, line.id) })),
        price.lines,
        order.targetLanguage,
      ),
      ...deliveryChange(
        deliveryWords(order),
        deliveryWords({
          deliveryType: input.body.deliveryType,
          pickupPointName: pickupPoint?.name ?? null,
          address,
        }),
      ),
      ...urgencyChange(order.urgent, urgent),
      ...amountChange(order.amount, price.amount),
    ];
    const backToNew = entries.length > 0 && order.status === 'AWAITING_PAYMENT';
    const preview: OrderChangePreview = {
      saved: !dryRun && entries.length > 0,
      status: backToNew ? 'NEW' : order.status,
      amountBefore: order.amount,
      amount: price.amount,
      subtotal: price.subtotal,
      discountAmount: price.discount,
      urgentAmount: price.urgency,
      deliveryPrice: price.delivery,
      otherPrice: price.other,
      promoCode: order.promoCode,
      promoBelowMinimum: price.promoBelowMinimum,
      changes: entries.map((entry) => entry.text),
    };
    if (!preview.saved) return { preview, replayed: false };

    // The lines are written again: their assurances go with them (ON DELETE CASCADE).
    await tx.delete(orderDocuments).where(eq(orderDocuments.orderId, order.id));
    const byEstimate = new Map(stored.lines.map((line) => [line.documentId, line.byEstimate]));
    const written = await tx
      .insert(orderDocuments)
      .values(
        price.lines.map((line, sortOrder) => ({
          orderId: order.id,
          documentId: line.documentId,
          type: line.type,
          quantity: line.quantity,
          // The line's own languages as sent (none: the order's one), as a new order stores them.
          targetLanguages: line.targetLanguages,
          price: line.price,
          cost: line.cost,
          // A document at 0 ₽ in the catalogue is priced by staff once they have seen it (a quote).
          byEstimate: byEstimate.get(line.documentId) ?? checked.documents.get(line.documentId)?.price === 0,
          sortOrder,
        })),
      )
      .returning({ id: orderDocuments.id });
    const lineAssurances = price.lines.flatMap((line, index) =>
      line.assurances.map((assurance) => ({
        orderDocumentId: written[index]?.id as number,
        assuranceId: assurance.assuranceId,
        type: assurance.type,
        price: assurance.price,
        cost: assurance.cost,
      })),
    );
    if (lineAssurances.length) await tx.insert(orderDocumentAssurances).values(lineAssurances);

    const promised = dueDate({
      ...leadTimesOf(checked.lines, checked.documents, checked.assurances),
      placedAt: at,
      urgent,
      schedule: scheduleOf(checked.calendar),
    });
    await tx
      .update(orders)
      .set({
        subtotal: price.subtotal,
        discountAmount: price.discount,
        urgent,
        urgentPercent,
        urgentAmount: price.urgency,
        amount: price.amount,
        // The stored cost is the lines' and the delivery's; the other document's is kept apart.
        cost: (kopecks(price.cost) - kopecks(price.otherCost)) / 100,
        deliveryType: input.body.deliveryType,
        deliveryId: checked.delivery.id,
        deliveryPrice: price.delivery,
        deliveryData: input.body.deliveryData ?? null,
        address,
        pickupPointId: pickupPoint?.id ?? null,
        pickupPointName: pickupPoint?.name ?? null,
        pickupPointCode: pickupPoint?.code ?? null,
        officeId: checked.officeId,
        partnerId: pickupPoint?.partnerId ?? null,
        partnerCommission: Number(pickupPoint?.partnerCommission ?? 0),
        dueDate: promised,
        // The old price's payment link must not be paid any more (a payment made by it anyway is
        // recorded for a refund by markOrderPaid: the order no longer awaits payment).
        ...(backToNew ? { paymentUrl: null, paymentId: null } : {}),
        updatedAt: at,
      })
      .where(eq(orders.id, order.id));
    for (const entry of entries) {
      await recordOrderChange(tx, {
        orderId: order.id,
        field: entry.field,
        oldValue: entry.oldValue,
        newValue: entry.newValue,
        comment: entry.field === 'AMOUNT' ? 'Заказ изменён до начала работы' : null,
        actor: input.actor,
      });
    }
    if (order.dueDate !== promised)
      await recordOrderChange(tx, {
        orderId: order.id,
        field: 'DUE_DATE',
        oldValue: order.dueDate,
        newValue: promised,
        comment: 'Пересчитан после изменения заказа',
        actor: input.actor,
      });
    if (backToNew)
      await transitionOrder(tx, {
        orderId: order.id,
        to: 'NEW',
        expectedStatus: 'AWAITING_PAYMENT',
        // The customer may not move a status themselves: the move is the change's, made for them.
        actor: input.side === 'customer' ? { ...input.actor, role: 'SYSTEM' } : input.actor,
        comment:
          input.side === 'customer'
            ? 'Клиент изменил заказ: менеджер подтвердит новую стоимость'
            : 'Заказ изменён: стоимость подтвердит менеджер',
        quiet: true,
      });
    if (key) await tx.update(idempotencyKeys).set({ orderId: order.id }).where(eq(idempotencyKeys.key, key));

    const told = preview.changes.join('; ');
    if (input.side === 'customer') {
      await notifyManagers(tx, {
        type: 'ORDER_STATUS',
        title: `Клиент изменил заказ № ${order.number}`,
        body: told,
        orderId: order.id,
      });
    } else {
      await notifyOrderCustomer(tx, order.id, {
        type: 'ORDER_STATUS',
        title: `Заказ ${order.number} изменён`,
        body: told,
      });
      await queueOrderMail(tx, order, 'order-changed');
    }
    return { preview, replayed: false };
  });
}

async function promoMinimum(tx: Database, promoCodeId: number | null): Promise<number | null> {
  if (promoCodeId === null) return null;
  const [promo] = await tx
    .select({ minOrderSum: promoCodes.minOrderSum })
    .from(promoCodes)
    .where(eq(promoCodes.id, promoCodeId));
  return promo?.minOrderSum ?? null;
}

/** A replay's answer: the order as it is, nothing to change. */
async function unchangedPreview(tx: Database, input: ChangeOrderInput): Promise<OrderChangePreview> {
  const where = input.scope ? and(eq(orders.id, input.orderId), input.scope) : eq(orders.id, input.orderId);
  const [order] = await tx.select().from(orders).where(where);
  if (!order) throw notFound('Заказ не найден');
  return {
    saved: true,
    status: order.status,
    amountBefore: order.amount,
    amount: order.amount,
    subtotal: order.subtotal,
    discountAmount: order.discountAmount,
    urgentAmount: order.urgentAmount,
    deliveryPrice: order.deliveryPrice,
    otherPrice: order.otherPrice,
    promoCode: order.promoCode,
    promoBelowMinimum: false,
    changes: [],
  };
}
