/**
 * What an order costs the bureau, line by line, from the server's figures (OrderCosts): each
 * document with its assurances per copy times copies, the delivery, the other document, the
 * partner's commission, the total and the margin. Sums in kopecks, so the rows always add up to
 * the server's total; the margin and its percent are the server's (src/domain/margin.ts), the
 * same the orders list and the statistics show.
 */

import type { BreakdownOrder } from '../../domain/amount-breakdown';
import { toKopecks, toRubles } from '../../domain/pricing';
import type { OrderCosts, StaffOrder } from './staff-order-types';

export interface CostRow {
  label: string;
  amount: number;
}

export interface CostBreakdown {
  rows: CostRow[];
  totalCost: number;
  amount: number;
  margin: number;
  /** The margin as a share of the amount, percent to one decimal; null for a free order. */
  marginPercent: number | null;
}

export function costBreakdown(
  order: Pick<StaffOrder, 'documents' | 'amount'>,
  costs: OrderCosts,
): CostBreakdown {
  const rows: CostRow[] = [];
  let lines = 0;
  for (const line of order.documents) {
    const cost = costs.lines.find((item) => item.id === line.id);
    if (!cost) continue;
    const unit = toKopecks(cost.cost) + cost.assurances.reduce((sum, a) => sum + toKopecks(a.cost), 0);
    lines += unit * line.quantity;
    const withAssurances = cost.assurances.length > 0 ? ' с заверением' : '';
    rows.push({
      label: `${line.type}${withAssurances} × ${line.quantity}`,
      amount: toRubles(unit * line.quantity),
    });
  }
  // documentsCost holds the lines and the delivery as they cost at order time.
  const delivery = toKopecks(costs.documentsCost) - lines;
  if (delivery !== 0) rows.push({ label: 'Доставка', amount: toRubles(delivery) });
  if (costs.otherCost > 0) rows.push({ label: 'Другой документ', amount: costs.otherCost });
  if (costs.partnerCommission > 0) {
    const rate = String(costs.partnerCommissionRate).replace('.', ',');
    rows.push({ label: `Комиссия партнёра (${rate} % суммы)`, amount: costs.partnerCommission });
  }
  return {
    rows,
    totalCost: costs.totalCost,
    amount: costs.amount,
    margin: costs.margin,
    marginPercent: costs.marginPercent,
  };
}

/** The price side for the cabinet's amountBreakdown, with the discount the server charged. */
export function priceInput(order: StaffOrder, costs: OrderCosts): BreakdownOrder {
  return { ...order, discountAmount: costs.discountAmount };
}
