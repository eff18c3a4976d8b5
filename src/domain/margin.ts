/**
 * The margin: what an order, or a set of orders, leaves the bureau once everything it pays is
 * paid — the translations, the assurances, the delivery, the other document and the commission of
 * the partner whose pickup point hands the order over. The one rule behind the staff order card,
 * the orders list, the statistics and their CSV, so that no screen shows a profit where another
 * shows a loss. Sums in kopecks; the percent is of the revenue, to one decimal.
 */
import { toKopecks, toRubles } from './pricing';

export interface Margin {
  /** Everything the bureau pays, in kopecks. */
  cost: number;
  /** Revenue − cost, in kopecks; negative for a loss. */
  margin: number;
  /** The margin as a percent of the revenue to one decimal; null when there is no revenue. */
  marginPercent: number | null;
}

/** Revenue and the parts of the cost, all in kopecks. */
export function marginOf(revenue: number, costParts: readonly number[]): Margin {
  const cost = costParts.reduce((sum, part) => sum + part, 0);
  const margin = revenue - cost;
  return {
    cost,
    margin,
    marginPercent: revenue > 0 ? Math.round((margin / revenue) * 1000) / 10 : null,
  };
}

/**
 * The partner's commission on an order in kopecks: the rate (percent with two decimals, as kept
 * on the order when it was placed) of the amount, rounded to the kopeck as the statistics' SQL
 * rounds it (half away from zero; amounts are never negative).
 */
export function partnerCommission(amountKopecks: number, ratePercent: number): number {
  return Math.round((amountKopecks * Math.round(ratePercent * 100)) / 10_000);
}

export interface OrderMoney {
  /** What the customer pays, rubles. */
  amount: number;
  /** The lines' and the delivery's cost at order time (orders.cost), rubles. */
  cost: number;
  /** The other document's cost, rubles; null when there is none (or the viewer may not see it). */
  otherCost: number | null;
  /** The partner's commission rate kept on the order, percent. */
  partnerCommissionRate: number;
}

export interface OrderMargin {
  /** Rubles. */
  partnerCommission: number;
  /** Lines, delivery, other document and the partner's commission, rubles. */
  totalCost: number;
  /** Rubles. */
  margin: number;
  marginPercent: number | null;
}

/** One order's margin, in rubles as the API carries money. */
export function orderMargin(order: OrderMoney): OrderMargin {
  const revenue = toKopecks(order.amount);
  const commission = partnerCommission(revenue, order.partnerCommissionRate);
  const figures = marginOf(revenue, [toKopecks(order.cost), toKopecks(order.otherCost ?? 0), commission]);
  return {
    partnerCommission: toRubles(commission),
    totalCost: toRubles(figures.cost),
    margin: toRubles(figures.margin),
    marginPercent: figures.marginPercent,
  };
}
