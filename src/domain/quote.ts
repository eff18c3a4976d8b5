/**
 * Quoting a placed order: a document priced «по оценке» (0 ₽ in the catalogue) gets its price and
 * cost from staff once they have seen it. The order is priced again with the same priceOrder the
 * form and the server use, from the order's own stored lines (never today's catalogue), so the
 * promo discount, the urgency surcharge and the total follow the quote. A change an ADMIN made
 * to the amount by hand is kept: it rides on top of the new total as it did on the old.
 */
import { languageCount, type PriceBreakdown, priceOrder, toKopecks, toRubles } from './pricing';

export interface StoredLine {
  id: number;
  documentId: number;
  type: string;
  quantity: number;
  price: number;
  cost: number;
  assurances: readonly { assuranceId: number; type: string; price: number; cost: number }[];
  /** The line's languages (each priced once); unset or empty: one. */
  targetLanguages?: readonly string[];
}

export interface StoredPricing {
  /** What the order charges now (an ADMIN's change included). */
  amount: number;
  /** The stored cost of the lines and the delivery. */
  cost: number;
  lines: readonly StoredLine[];
  discountPercent: number;
  /**
   * Rubles off of a fixed-sum promo code as it was when the order was placed (0 or unset: none).
   * A quote re-prices with it, never more than the lines' sum; the code's minimum was checked
   * when the order was placed and is not checked again.
   */
  promoAmount?: number;
  urgentPercent: number;
  deliveryPrice: number;
  otherPrice: number;
  otherCost: number;
}

export interface LineQuote {
  price: number;
  cost: number;
}

export interface QuotedOrder {
  breakdown: PriceBreakdown;
  /** The new amount: the new breakdown's, plus what an ADMIN had added or taken off by hand. */
  amount: number;
}

function priceStored(order: StoredPricing, quotes: ReadonlyMap<number, LineQuote>, deliveryCost: number) {
  const lines = order.lines.map((line) => ({ ...line, ...quotes.get(line.id) }));
  return priceOrder({
    lines: lines.map((line) => ({
      documentId: line.id,
      quantity: line.quantity,
      assuranceIds: line.assurances.map((a) => a.assuranceId),
      targetLanguages: line.targetLanguages ?? [],
    })),
    // Keyed by the line's own id: the stored prices are the line's, whatever the catalogue says now.
    documents: new Map(
      lines.map((line) => [
        line.id,
        { id: line.documentId, type: line.type, price: line.price, cost: line.cost },
      ]),
    ),
    assurances: new Map(
      order.lines.flatMap((line) =>
        line.assurances.map((a) => [
          a.assuranceId,
          {
            id: a.assuranceId,
            type: a.type,
            price: a.price,
            costWeekday: a.cost,
            costSaturday: a.cost,
            costSunday: a.cost,
          },
        ]),
      ),
    ),
    deliveryPrice: order.deliveryPrice,
    deliveryCost,
    discountPercent: order.discountPercent,
    discountFixed: order.promoAmount ?? 0,
    urgentPercent: order.urgentPercent,
    otherPrice: order.otherPrice,
    otherCost: order.otherCost,
  });
}

/** The order priced again with the quoted lines' prices and costs (by line id). */
export function quoteOrder(order: StoredPricing, quotes: ReadonlyMap<number, LineQuote>): QuotedOrder {
  const linesCost = order.lines.reduce(
    (sum, line) =>
      sum +
      (toKopecks(line.cost) + line.assurances.reduce((s, a) => s + toKopecks(a.cost), 0)) *
        line.quantity *
        languageCount(line.targetLanguages),
    0,
  );
  // The stored cost is the lines' and the delivery's: the rest of it is the delivery.
  const deliveryCost = toRubles(Math.max(0, toKopecks(order.cost) - linesCost));
  const before = priceStored(order, new Map(), deliveryCost);
  const after = priceStored(order, quotes, deliveryCost);
  const byHand = toKopecks(order.amount) - toKopecks(before.amount);
  return { breakdown: after, amount: toRubles(Math.max(0, toKopecks(after.amount) + byHand)) };
}
