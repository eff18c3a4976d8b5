/**
 * What an order costs the bureau, line by line, from the server's figures (OrderCosts): each
 * document with its assurances per copy times copies, the delivery, the other document, the
 * total and the margin. Sums in kopecks, so the rows always add up to the server's total.
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
  /** The margin as a share of the amount, in whole percent; null for a free order. */
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
  const amount = toKopecks(costs.amount);
  return {
    rows,
    totalCost: costs.totalCost,
    amount: costs.amount,
    margin: costs.margin,
    marginPercent: amount > 0 ? Math.round((toKopecks(costs.margin) / amount) * 100) : null,
  };
}

/**
 * The price side for the cabinet's amountBreakdown. Office staff get the discount from the
 * server; for a partner (no costs) it is recomputed the way the server prices an order.
 */
export function priceInput(order: StaffOrder, costs: OrderCosts | null): BreakdownOrder {
  return { ...order, discountAmount: costs ? costs.discountAmount : discountOf(order) };
}

function discountOf(order: StaffOrder): number {
  const subtotal = order.documents.reduce(
    (sum, line) =>
      sum +
      (toKopecks(line.price) + line.assurances.reduce((s, a) => s + toKopecks(a.price), 0)) * line.quantity,
    0,
  );
  const percent = Math.min(100, Math.max(0, order.discountPercent));
  return toRubles(Math.round((subtotal * percent) / 100));
}
