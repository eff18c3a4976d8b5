/**
 * How an order's amount adds up, for the customer: each line (a document and its assurances, per
 * copy, times copies), the promo discount on the lines, delivery and the manager's extra item.
 * Computed in kopecks from the order's own copies of the prices, as the server charged them; when
 * the parts do not meet the charged amount (the manager changed it), the difference is shown as
 * its own row instead of silently disagreeing with the total.
 */
import { toKopecks, toRubles } from '../../domain/pricing';

export interface BreakdownOrder {
  amount: number;
  documents: readonly {
    id: number;
    type: string;
    quantity: number;
    price: number;
    assurances: readonly { assuranceId: number; type: string; price: number }[];
  }[];
  discountPercent: number;
  promoCode: string | null;
  deliveryPrice: number;
  otherPrice?: number;
}

export interface BreakdownRow {
  label: string;
  amount: number;
}

export interface AmountBreakdown {
  rows: BreakdownRow[];
  total: number;
}

export function amountBreakdown(order: BreakdownOrder): AmountBreakdown {
  const rows: BreakdownRow[] = [];
  let subtotal = 0;
  for (const line of order.documents) {
    const unit = toKopecks(line.price) + line.assurances.reduce((sum, a) => sum + toKopecks(a.price), 0);
    subtotal += unit * line.quantity;
    const withAssurances = line.assurances.length > 0 ? ' с заверением' : '';
    rows.push({
      label: `${line.type}${withAssurances} × ${line.quantity}`,
      amount: toRubles(unit * line.quantity),
    });
  }
  let sum = subtotal;
  const percent = Math.min(100, Math.max(0, order.discountPercent));
  if (percent > 0) {
    const discount = Math.round((subtotal * percent) / 100);
    sum -= discount;
    const code = order.promoCode ? ` по промокоду ${order.promoCode}` : '';
    rows.push({ label: `Скидка ${formatPercent(percent)}${code}`, amount: -toRubles(discount) });
  }
  const delivery = toKopecks(order.deliveryPrice);
  sum += delivery;
  rows.push({ label: 'Доставка', amount: toRubles(delivery) });
  const other = toKopecks(order.otherPrice ?? 0);
  if (other > 0) {
    sum += other;
    rows.push({ label: 'Дополнительный документ', amount: toRubles(other) });
  }
  const total = toKopecks(order.amount);
  if (total !== sum) rows.push({ label: 'Изменение стоимости менеджером', amount: toRubles(total - sum) });
  return { rows, total: toRubles(total) };
}

function formatPercent(percent: number): string {
  return `${String(percent).replace('.', ',')} %`;
}
