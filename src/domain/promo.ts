/**
 * Whether a promo code applies to an order placed at a moment, and if not, why — in words the
 * customer reads under the field. Dates are Moscow dates, inclusive at both ends. The server
 * decides again inside the order's transaction (uses are counted there); the form shows the
 * same verdict beforehand.
 */
import { moscowDate } from './moscow-time';

export interface PromoRule {
  code: string;
  discount: number;
  isActive: boolean;
  startDate: string | null;
  endDate: string | null;
  maxUses: number | null;
  usesCount: number;
}

export type PromoVerdict =
  | { ok: true; code: string; discount: number; message: string }
  | { ok: false; reason: string };

const formatDate = (isoDate: string) => isoDate.split('-').reverse().join('.');

export const PROMO_USED_UP = 'Промокод больше не действует: его уже использовали максимальное число раз';

export function promoVerdict(promo: PromoRule | undefined, at: Date): PromoVerdict {
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
  return {
    ok: true,
    code: promo.code,
    discount: promo.discount,
    message: `Промокод применён — скидка ${promo.discount}%`,
  };
}

/** Codes are typed by people: case and surrounding spaces do not matter. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();
