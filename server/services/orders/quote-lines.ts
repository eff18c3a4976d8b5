/**
 * Quoting the documents of an order priced «по оценке» (PATCH /api/order/quote): staff set each
 * such line's price (one copy) and cost, and the order is priced again from its own stored lines
 * with the one pricing function (src/domain/quote.ts), so the discount, the urgency surcharge and
 * the amount follow. Only while the order is NEW: the customer is told the price when staff move
 * it to AWAITING_PAYMENT («Стоимость рассчитана», status-notices.ts), and to revise a quote they
 * move it back first. Every changed value is kept (LINE_PRICE, LINE_COST, and AMOUNT).
 */
import { eq } from 'drizzle-orm';
import { isQuoteEditable, ORDER_STATUS_LABELS } from '../../../src/domain/order-status';
import { type LineQuote, quoteOrder } from '../../../src/domain/quote';
import type { Database } from '../../db/client';
import { orderDocuments, orders } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import { recordOrderChange } from './order-edits';
import { assurancesOfLine, readOrderLines } from './order-lines';
import type { StatusActor } from './order-status';

const money = (value: number) => value.toFixed(2);
const kopecks = (value: number) => Math.round(value * 100);

const invalid = (path: string, message: string) =>
  new ProductError('validation', 'VALIDATION_ERROR', message, [{ path, message }]);

export async function quoteOrderLines(
  db: Database,
  input: { orderId: number; lines: readonly ({ id: number } & LineQuote)[]; actor: StatusActor },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw notFound('Заказ не найден');
    if (!isQuoteEditable(order.status))
      throw new ProductError(
        'conflict',
        'CONFLICT',
        order.status === 'AWAITING_PAYMENT'
          ? 'Стоимость уже отправлена клиенту: верните заказ в статус «Новый», чтобы её пересчитать'
          : `Стоимость можно рассчитать только у нового заказа, а заказ в статусе «${ORDER_STATUS_LABELS[order.status]}»`,
        { currentStatus: order.status },
      );
    const { lines, assurances } = await readOrderLines(tx, [order.id]);
    const quotes = new Map<number, LineQuote>();
    input.lines.forEach((quote, index) => {
      const line = lines.find((row) => row.id === quote.id);
      if (!line) throw invalid(`/body/lines/${index}/id`, 'В заказе нет такого документа');
      if (!line.byEstimate)
        throw invalid(`/body/lines/${index}/id`, `«${line.type}» стоит по прайсу: рассчитывать его не нужно`);
      if (quotes.has(quote.id)) throw invalid(`/body/lines/${index}/id`, `«${line.type}» указан дважды`);
      quotes.set(quote.id, { price: quote.price, cost: quote.cost });
    });
    const quoted = quoteOrder(
      {
        amount: order.amount,
        cost: order.cost,
        lines: lines.map((line) => ({
          ...line,
          assurances: assurancesOfLine(assurances, line.id),
        })),
        discountPercent: order.discountPercent,
        promoAmount: order.promoAmount,
        urgentPercent: order.urgentPercent,
        deliveryPrice: order.deliveryPrice,
        otherPrice: order.otherPrice,
        otherCost: order.otherCost,
      },
      quotes,
    );
    for (const line of lines) {
      const quote = quotes.get(line.id);
      if (!quote) continue;
      const priceMoved = kopecks(line.price) !== kopecks(quote.price);
      const costMoved = kopecks(line.cost) !== kopecks(quote.cost);
      if (!priceMoved && !costMoved) continue;
      await tx
        .update(orderDocuments)
        .set({ price: quote.price, cost: quote.cost })
        .where(eq(orderDocuments.id, line.id));
      const change = (field: 'LINE_PRICE' | 'LINE_COST', from: number, to: number) =>
        recordOrderChange(tx, {
          orderId: order.id,
          field,
          oldValue: `${line.type}: ${money(from)}`,
          newValue: `${line.type}: ${money(to)}`,
          actor: input.actor,
        });
      if (priceMoved) await change('LINE_PRICE', line.price, quote.price);
      if (costMoved) await change('LINE_COST', line.cost, quote.cost);
    }
    const { breakdown } = quoted;
    await tx
      .update(orders)
      .set({
        subtotal: breakdown.subtotal,
        discountAmount: breakdown.discount,
        urgentAmount: breakdown.urgency,
        amount: quoted.amount,
        // The stored cost is the lines' and the delivery's; the other document's is kept apart.
        cost: (kopecks(breakdown.cost) - kopecks(breakdown.otherCost)) / 100,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    if (kopecks(order.amount) !== kopecks(quoted.amount))
      await recordOrderChange(tx, {
        orderId: order.id,
        field: 'AMOUNT',
        oldValue: money(order.amount),
        newValue: money(quoted.amount),
        comment: 'Пересчитана по оценке документов',
        actor: input.actor,
      });
  });
}
