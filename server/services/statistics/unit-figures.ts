/**
 * One set's figures of the unit economics from the database's exact sums in kopecks: the total cost, the
 * margin, its percent and the average order, derived in kopecks so that cost = Σ its parts and
 * margin = revenue − cost hold to the kopeck in every row (the margin's rule: src/domain/margin.ts).
 */
import type { components } from '../../../src/api/schema.gen';
import { marginOf } from '../../../src/domain/margin';

export type UnitEconomicsFigures = components['schemas']['UnitEconomicsFigures'];

/** The sums in kopecks as the statement returns them (numeric arrives as text or a JSON number). */
export interface FigureSums {
  orders: number;
  revenue: string | number | null;
  promo_discount: string | number | null;
  documents_cost: string | number | null;
  assurances_cost: string | number | null;
  delivery_cost: string | number | null;
  other_cost: string | number | null;
  partner_commission: string | number | null;
}

const kopecks = (value: string | number | null | undefined) => Math.round(Number(value ?? 0));
const rubles = (value: number) => value / 100;

export function figuresOf(sums: FigureSums | undefined): UnitEconomicsFigures {
  const revenue = kopecks(sums?.revenue);
  const parts = {
    documentsCost: kopecks(sums?.documents_cost),
    assurancesCost: kopecks(sums?.assurances_cost),
    deliveryCost: kopecks(sums?.delivery_cost),
    otherCost: kopecks(sums?.other_cost),
    partnerCommission: kopecks(sums?.partner_commission),
  };
  const { cost, margin, marginPercent } = marginOf(revenue, Object.values(parts));
  const orders = sums?.orders ?? 0;
  return {
    orders,
    revenue: rubles(revenue),
    promoDiscount: rubles(kopecks(sums?.promo_discount)),
    documentsCost: rubles(parts.documentsCost),
    assurancesCost: rubles(parts.assurancesCost),
    deliveryCost: rubles(parts.deliveryCost),
    otherCost: rubles(parts.otherCost),
    partnerCommission: rubles(parts.partnerCommission),
    cost: rubles(cost),
    margin: rubles(margin),
    marginPercent,
    averageOrder: orders > 0 ? Math.round(revenue / orders) / 100 : null,
  };
}
