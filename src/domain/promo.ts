/**
 * Whether a promo code applies to an order placed at a moment, and if not, why — in words the
 * customer reads under the field. Dates are Moscow dates, inclusive at both ends. The server
 * decides again inside the order's transaction (uses are counted there); the form shows the
 * same verdict beforehand.
 */
import { formatRubles } from './format';
import { moscowDate } from './moscow-time';

export const PROMO_KINDS = ['PERCENT', 'AMOUNT'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

export interface PromoRule {
  code: string;
  /** PERCENT: `discount` percent of the documents' sum; AMOUNT: `amount` rubles off it. */
  kind: PromoKind;
  discount: number;
  amount: number | null;
  /** Rubles: the documents' sum (before the discount, urgency and delivery) the code needs; null — any. */
  minOrderSum: number | null;
  isActive: boolean;
  startDate: string | null;
  endDate: string | null;
  maxUses: number | null;
  usesCount: number;
}

/** What a code takes off, as the pricing module reads it (src/domain/pricing.ts). */
export interface PromoTerms {
  kind: PromoKind;
  discount: number;
  amount: number | null;
  minOrderSum: number | null;
}

export type PromoVerdict =
  | ({ ok: true; code: string; message: string } & PromoTerms)
  | { ok: false; reason: string };

const formatDate = (isoDate: string) => isoDate.split('-').reverse().join('.');

/** «−500 ₽» or «−10%» (a percentage reads as it always did): what a code takes off, beside the field, in the review and on the order. */
export function promoDiscountText(terms: Pick<PromoTerms, 'kind' | 'discount' | 'amount'>): string {
  return terms.kind === 'AMOUNT' ? `−${formatRubles(terms.amount ?? 0)}` : `−${terms.discount}%`;
}

/** The refusal of a code whose minimum the order's documents do not reach. */
export const promoMinimumReason = (minOrderSum: number) =>
  `Промокод действует для заказов от ${formatRubles(minOrderSum)}`;

/**
 * Whether an order's documents' sum (rubles, before the discount) reaches the code's minimum; the
 * form re-checks it whenever the order changes, the server when the order is placed.
 */
export const meetsPromoMinimum = (terms: Pick<PromoTerms, 'minOrderSum'>, subtotal: number) =>
  terms.minOrderSum == null || Math.round(subtotal * 100) >= Math.round(terms.minOrderSum * 100);

export const PROMO_USED_UP = 'Промокод больше не действует: его уже использовали максимальное число раз';

/**
 * The verdict on a code at a moment; given the order's documents' sum, a code whose minimum it
 * does not reach is refused too.
 */
export function promoVerdict(promo: PromoRule | undefined, at: Date, subtotal?: number): PromoVerdict {
  if (!promo) return { ok: false, reason: 'Такого промокода нет' };
  if (!promo.isActive) return { ok: false, reason: 'Промокод отключён' };
  const today = moscowDate(at);
  if (promo.startDate && today < promo.startDate) {
    return { ok: false, reason: `Промокод начнёт действовать ${formatDate(promo.startDate)}` };
  }
  if (promo.endDate && today > promo.endDate) {
    return { ok: false, reason: `Срок действия промокода истёк ${formatDate(promo.endDate)}` };
  }
  if (promo.maxUses != null && promo.usesCount >= promo.maxUses) {
    return { ok: false, reason: PROMO_USED_UP };
  }
  if (subtotal !== undefined && !meetsPromoMinimum(promo, subtotal)) {
    return { ok: false, reason: promoMinimumReason(promo.minOrderSum ?? 0) };
  }
  const terms: PromoTerms = {
    kind: promo.kind,
    discount: promo.kind === 'AMOUNT' ? 0 : promo.discount,
    amount: promo.kind === 'AMOUNT' ? promo.amount : null,
    minOrderSum: promo.minOrderSum,
  };
  return {
    ok: true,
    code: promo.code,
    ...terms,
    message: `Промокод применён — скидка ${promoDiscountText(terms).slice(1)}`,
  };
}

/** Codes are typed by people: case and surrounding spaces do not matter. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

/**
 * A code's terms as priceOrder's input (src/domain/pricing.ts): the form and the server price an
 * order with one call of this, so a fixed sum, a percent and a minimum are read the same way.
 */
export function promoPricing(terms: PromoTerms | null | undefined): {
  discountPercent: number;
  discountFixed: number;
  discountMinimum: number | null;
} {
  if (!terms) return { discountPercent: 0, discountFixed: 0, discountMinimum: null };
  return terms.kind === 'AMOUNT'
    ? { discountPercent: 0, discountFixed: terms.amount ?? 0, discountMinimum: terms.minOrderSum }
    : { discountPercent: terms.discount, discountFixed: 0, discountMinimum: terms.minOrderSum };
}

/**
 * A placed order's discount in words: «10%» of a percentage code, else the rubles taken off
 * («500 ₽»; an entry kept by an older release may have neither, then it is the percent as sent).
 */
export function placedDiscountText(order: { discountPercent?: number; discountAmount?: number }): string {
  if ((order.discountPercent ?? 0) > 0 || order.discountAmount === undefined)
    return `${order.discountPercent ?? 0}%`;
  return formatRubles(order.discountAmount);
}
