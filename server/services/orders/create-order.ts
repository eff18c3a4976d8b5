/**
 * POST /api/order. One transaction writes the order, its lines and assurances (prices and costs
 * copied from the catalogue at this moment), its files, the first status-history entry, the promo
 * code's use, the idempotency record and the order-received job — so an order either exists with
 * all of it or not at all.
 *
 * Idempotency: the key's row is inserted first in the same transaction. A second request with the
 * key waits on that row's unique index until the first commits, then reads the order it made
 * (replayed) — or, if the first rolled back, proceeds itself. So twenty requests with one key make
 * one order, and a refused order leaves the key free for the corrected draft. Waiting instead of
 * answering 409 is decision 0008. The key is scoped to its caller (as Stripe does): one key sent
 * anonymously and with a cabinet token is two keys, so nobody can replay or block another's key.
 */
import { createHash } from 'node:crypto';
import { dueDate, leadTimesOf } from '../../../src/domain/due-date';
import { moscowYearMonth } from '../../../src/domain/moscow-time';
import { priceOrder } from '../../../src/domain/pricing';
import { promoPricing } from '../../../src/domain/promo';
import type { AppContext } from '../../app-context';
import { forgiveHits, hit } from '../../auth/rate-limits';
import { findOrCreateUserByEmail } from '../../auth/sign-in';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { ProductError } from '../../errors';
import type { BodyOf } from '../../operation-types';
import { transactionExecutor } from '../../queue/transaction';
import { claimFoundPromo } from '../catalogue/promo-codes';
import { scheduleOf } from '../catalogue/work-calendar';
import { queuePush } from '../notifications/notifications';
import { newLink, trackingPath } from '../tracking/tracking-links';
import { checkOrder } from './check-order';
import { claimIdempotencyKey } from './idempotency-key';
import { orderLimits } from './order-limits';
import { loadReceipt, type OrderReceipt, toReceipt } from './order-receipt';
import { ORDER_RECEIVED_OPTIONS, sendOrderReceived } from './order-received';
import { rememberCustomer } from './remember-customer';
import { writeOrderRows } from './write-order';

/** The body of the notice every new order gives its customer. */
export const ORDER_RECEIVED_NOTICE = 'Заказ принят: менеджер проверит документы и подтвердит стоимость';
export interface CreateOrderRequest {
  body: BodyOf<'createOrder'>;
  idempotencyKey: string | undefined;
  caller: Pick<SignedInUser, 'id'> | null;
  /** The client address, counted by the limits of orders placed without signing in. */
  ip?: string;
  /** The browser that placed it, kept with the consent record. */
  userAgent?: string;
  at?: Date;
}

export interface CreatedOrder {
  /** The receipt: what whoever placed the order may know of it (order-receipt.ts). */
  order: OrderReceipt;
  replayed: boolean;
}

/** Same JSON whatever the order of keys, so a replay from another client still matches. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const requestHash = (request: CreateOrderRequest) =>
  createHash('sha256')
    .update(canonical({ body: request.body, caller: request.caller?.id ?? null }))
    .digest('hex');

const KEY_REUSED = 'Этот ключ повтора уже использован для другого заказа: отправьте заказ заново';

const scopedKey = (request: CreateOrderRequest) =>
  request.idempotencyKey &&
  `${request.caller ? `user:${request.caller.id}` : 'public'}:${request.idempotencyKey}`;

/**
 * Counted before the transaction, in statements of their own, so no order's transaction holds
 * a counter's row lock; what turns out not to be a new order (a replay of its key, a refusal)
 * is handed back, so a customer's lost answers and corrected drafts never use up the room.
 */
export async function createOrder(ctx: AppContext, request: CreateOrderRequest): Promise<CreatedOrder> {
  const at = request.at ?? new Date();
  const hash = requestHash(request);
  const key = scopedKey(request);
  const limits = orderLimits(ctx.config.limits, {
    callerId: request.caller?.id ?? null,
    email: request.body.email.trim().toLowerCase(),
    ip: request.ip,
  });
  await hit(ctx.db, limits, at);
  const counted = limits.map((limit) => limit.key);
  let outcome: { order: OrderReceipt } | { replayOf: number };
  try {
    outcome = await ctx.db.transaction(async (tx): Promise<typeof outcome> => {
      if (key) {
        const claim = await claimIdempotencyKey(tx, key, hash, KEY_REUSED);
        if (!claim.fresh) {
          if (claim.orderId === null) throw new ProductError('refused', 'IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
          return { replayOf: claim.orderId };
        }
      }
      return { order: await writeOrder(ctx, tx, request, at, key) };
    });
  } catch (error) {
    await forgiveHits(ctx.db, counted);
    throw error;
  }
  if ('replayOf' in outcome) {
    await forgiveHits(ctx.db, counted);
    return { order: await loadReceipt(ctx.db, ctx.keys.trackingLink, outcome.replayOf), replayed: true };
  }
  if (!ctx.jobs) await sendOrderReceived(ctx, { orderId: outcome.order.id });
  return { order: outcome.order, replayed: false };
}

/**
 * The order in as few statements as the data allows (each one is a trip through the embedded
 * database's single connection): one read (order-reads.ts), the promo claim, the account when
 * the email has none, one statement for all the order's rows (write-order.ts), and one job insert
 * for the order-received task (the notice's push and the mail). The receipt is built from the rows written.
 */
async function writeOrder(
  ctx: AppContext,
  tx: Database,
  request: CreateOrderRequest,
  at: Date,
  key: string | undefined,
): Promise<OrderReceipt> {
  const { body } = request;
  const checked = await checkOrder(tx, body, request.caller?.id ?? null);
  const promoRow = body.promoCode?.trim() ? (checked.promo ?? undefined) : undefined;
  const urgent = body.urgent === true;
  const urgentPercent = urgent ? checked.calendar.urgentPercent : 0;
  const price = priceOrder({
    lines: checked.lines,
    documents: checked.documents,
    assurances: checked.assurances,
    deliveryPrice: checked.delivery.price,
    ...promoPricing(promoRow),
    urgentPercent,
    at,
  });
  // Claimed on the documents' sum just priced: a code whose minimum it misses is refused (422).
  const promoCode = body.promoCode?.trim()
    ? await claimFoundPromo(tx, promoRow, body.promoCode, at, price.subtotal)
    : null;
  // The same rule the form's estimate used, on the catalogue and calendar as they are now.
  const promised = dueDate({
    ...leadTimesOf(checked.lines, checked.documents, checked.assurances),
    placedAt: at,
    urgent,
    schedule: scheduleOf(checked.calendar),
  });
  const userId =
    request.caller?.id ?? checked.emailUserId ?? (await findOrCreateUserByEmail(tx, checked.email)).id;
  const company = body.payerType === 'LEGAL';
  const link = newLink(ctx.keys.trackingLink);
  const written = await writeOrderRows(tx, {
    yearMonth: moscowYearMonth(at),
    values: {
      status: 'NEW',
      userId,
      name: checked.name,
      phoneNumber: checked.phoneNumber,
      email: checked.email,
      originalLanguage: body.originalLanguage,
      targetLanguage: checked.targetLanguage,
      comment: body.comment?.trim() || null,
      placedWithoutSignIn: request.caller === null,
      deliveryType: body.deliveryType,
      deliveryId: checked.delivery.id,
      deliveryPrice: price.delivery,
      deliveryData: body.deliveryData ?? null,
      address: body.deliveryType === 'COURIER' ? (body.address?.trim() ?? null) : null,
      pickupPointId: checked.pickupPoint?.id ?? null,
      pickupPointName: checked.pickupPoint?.name ?? null,
      pickupPointCode: checked.pickupPoint?.code ?? body.pickupPointCode ?? null,
      officeId: checked.officeId,
      partnerId: checked.pickupPoint?.partnerId ?? null,
      partnerCommission: Number(checked.pickupPoint?.partnerCommission ?? 0),
      promoCodeId: promoCode?.promo.id ?? null,
      promoCode: promoCode?.promo.code ?? null,
      discountPercent: promoCode?.verdict.discount ?? 0,
      promoAmount: promoCode?.verdict.amount ?? 0,
      subtotal: price.subtotal,
      discountAmount: price.discount,
      urgent,
      urgentPercent,
      urgentAmount: price.urgency,
      dueDate: promised,
      amount: price.amount,
      cost: price.cost,
      payerType: body.payerType ?? 'INDIVIDUAL',
      organizationInn: company ? (body.organizationInn ?? null) : null,
      organizationName: company ? (body.organizationName?.trim() ?? null) : null,
      organizationKpp: company ? (body.organizationKpp ?? null) : null,
      organizationAddress: company ? (body.organizationAddress?.trim() ?? null) : null,
      createdAt: at,
      updatedAt: at,
    },
    lines: price.lines,
    fileIds: checked.fileIds,
    actorUserId: request.caller?.id ?? null,
    idempotencyKey: key,
    event: {
      amount: price.amount,
      cost: price.cost,
      promoCode: promoCode?.promo.code ?? null,
      ...(urgent ? { urgent: true } : {}),
      dueDate: promised,
    },
    // In the cabinet and as a push: the order arrived (its account exists by now, see userId).
    notice: { title: 'Заказ', body: ORDER_RECEIVED_NOTICE },
    consent: { ip: request.ip ?? null, userAgent: request.userAgent?.slice(0, 500) ?? null },
    trackingLink: { nonce: link.nonce, tokenHash: link.tokenHash },
  });
  const { row, lines } = written;
  if (request.caller) {
    await rememberCustomer(tx, request.caller.id, {
      name: row.name,
      phoneNumber: row.phoneNumber,
      company:
        company && row.organizationInn && row.organizationName
          ? {
              inn: row.organizationInn,
              kpp: row.organizationKpp,
              name: row.organizationName,
              address: row.organizationAddress,
            }
          : null,
    });
  }
  if (ctx.jobs) {
    // One task, in this transaction, for the notice's push and the confirmation mail
    // (order-received.ts); pg-boss runs, so its tables exist.
    const task = { name: 'order-received' as const, orderId: row.id, notificationId: written.notificationId };
    await ctx.jobs.insert([{ name: 'order-processing', data: task, ...ORDER_RECEIVED_OPTIONS }], {
      db: transactionExecutor(tx),
    });
  } else {
    await queuePush(tx, { name: 'send-push', notificationId: written.notificationId });
  }
  const lineAssurances = price.lines.flatMap((line, index) =>
    line.assurances.map((assurance) => ({
      orderDocumentId: lines[index]?.id as number,
      type: assurance.type,
      price: assurance.price,
    })),
  );
  return toReceipt(row, lines, lineAssurances, checked.files.length, trackingPath(link.token));
}
