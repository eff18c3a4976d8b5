/**
 * What a 54-FZ receipt lists for an order paid online: one item per document line (the
 * translation with its assurances), one for delivery, one for the manager's extra document, each
 * with what it really costs the customer. The items come from the order's own itemised figures
 * (amountBreakdown, the same rows the customer sees), never from prices recomputed now; a line
 * the pricing module adds appears here by being a row there. The promo discount is spread over
 * the document lines it was taken from, and a manager's change of the amount over every item,
 * both to the kopeck (spreadByLargestRemainder), so the items always add up to the amount charged.
 */
import { amountBreakdown, type BreakdownOrder } from './amount-breakdown';
import { toKopecks, toRubles } from './pricing';
import { spreadByLargestRemainder } from './spread-amount';

export interface ReceiptItem {
  /** At most 128 characters, as YooKassa takes it. */
  description: string;
  /** Rubles the whole item costs, after the discount. */
  amount: number;
}

const DESCRIPTION_MAX = 128;
const clip = (text: string) =>
  text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;

/** Spreads `target` kopecks over `items` (by their current kopecks) in place. */
function spreadOver(items: { kopecks: number }[], target: number) {
  const parts = spreadByLargestRemainder(
    items.map((item) => item.kopecks),
    target,
  );
  items.forEach((item, index) => {
    item.kopecks = parts[index] as number;
  });
}

export function receiptItems(order: BreakdownOrder): ReceiptItem[] {
  const { rows } = amountBreakdown(order);
  const lines = rows
    .filter((row) => row.kind === 'line')
    .map((row) => ({ description: `Перевод: ${row.label}`, kopecks: toKopecks(row.amount) }));
  const others = rows
    .filter((row) => row.kind === 'charge')
    .map((row) => ({ description: row.label, kopecks: toKopecks(row.amount) }));
  const discount = toKopecks(order.discountAmount);
  if (discount > 0 && lines.length > 0) {
    const linesTotal = lines.reduce((sum, line) => sum + line.kopecks, 0);
    spreadOver(lines, Math.max(0, linesTotal - discount));
  }
  const items = [...lines, ...others].filter((item) => item.kopecks > 0);
  const amount = toKopecks(order.amount);
  const sum = items.reduce((total, item) => total + item.kopecks, 0);
  if (sum !== amount && items.length > 0) spreadOver(items, amount);
  return items
    .filter((item) => item.kopecks > 0)
    .map((item) => ({ description: clip(item.description), amount: toRubles(item.kopecks) }));
}
