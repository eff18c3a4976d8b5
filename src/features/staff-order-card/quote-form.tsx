/**
 * «Расчёт стоимости»: the documents of the order priced «по оценке» get their price (one copy)
 * and cost here (PATCH /api/order/quote) while the order is new. The new total is shown as it is
 * typed, by the same pricing the server charges with (src/domain/quote.ts), so the discount and
 * the urgency surcharge follow. Confirming the order then tells the customer the price.
 */
import type { FormEvent } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { formatRubles } from '../../domain/format';
import { isQuoteEditable } from '../../domain/order-status';
import { quoteOrder } from '../../domain/quote';
import { ErrorSummary } from '../../ui/error-summary';
import type { Problems } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { Section } from '../../ui/order/order-sections';
import * as widgets from '../../ui/order/order-widgets.css';
import * as page from '../../ui/page.css';
import { TextField } from '../../ui/text-field';
import { SubmitRow, useCardForm } from '../../ui/write-form';
import { moneyProblem, parseRubles, rublesForInput } from './card-rules';
import * as styles from './order-card.css';
import type { OrderCosts, StaffOrder } from './staff-order-types';

export interface QuoteSectionProps {
  order: StaffOrder;
  costs: OrderCosts;
  /** Office staff may quote; the server checks again. */
  editable: boolean;
  offline: boolean;
  onChanged: () => Promise<void>;
}

const priceId = (lineId: number) => `quote-price-${lineId}`;
const costId = (lineId: number) => `quote-cost-${lineId}`;

/** Every line by estimate needs a price above zero and a cost not below it. */
export function validateQuote(lineIds: readonly number[]) {
  return (values: Record<string, string>): Problems => {
    const problems: Problems = {};
    for (const id of lineIds) {
      const price = values[priceId(id)] ?? '';
      const problem =
        moneyProblem(price, { accusative: 'цену за экземпляр', nominative: 'Цена' }) ??
        ((parseRubles(price) ?? 0) <= 0 ? 'Цена должна быть больше нуля' : null);
      if (problem) problems[priceId(id)] = problem;
      const cost = moneyProblem(values[costId(id)] ?? '', {
        accusative: 'себестоимость',
        nominative: 'Себестоимость',
      });
      if (cost) problems[costId(id)] = cost;
    }
    return problems;
  };
}

/** The order priced with what is typed now (null while a figure does not read as money). */
export function quotedTotal(order: StaffOrder, costs: OrderCosts, values: Record<string, string>) {
  const quotes = new Map<number, { price: number; cost: number }>();
  for (const line of order.documents.filter((row) => row.byEstimate)) {
    const price = parseRubles(values[priceId(line.id)] ?? '');
    const cost = parseRubles(values[costId(line.id)] ?? '');
    if (price === null || cost === null) return null;
    quotes.set(line.id, { price, cost });
  }
  const lineCosts = new Map(costs.lines.map((line) => [line.id, line]));
  return quoteOrder(
    {
      amount: order.amount,
      cost: costs.documentsCost,
      lines: order.documents.map((line) => {
        const cost = lineCosts.get(line.id);
        return {
          ...line,
          cost: cost?.cost ?? 0,
          assurances: line.assurances.map((a) => ({
            ...a,
            cost: cost?.assurances.find((c) => c.assuranceId === a.assuranceId)?.cost ?? 0,
          })),
        };
      }),
      discountPercent: order.discountPercent,
      promoAmount: order.promoAmount,
      urgentPercent: order.urgentPercent,
      deliveryPrice: order.deliveryPrice,
      otherPrice: order.otherPrice,
      otherCost: order.otherCost ?? 0,
    },
    quotes,
  );
}

export function QuoteSection(props: QuoteSectionProps) {
  const estimated = props.order.documents.filter((line) => line.byEstimate);
  if (estimated.length === 0) return null;
  const open = props.editable && isQuoteEditable(props.order.status);
  return (
    <Section id="card-quote-section" title="Расчёт стоимости">
      {open ? (
        <QuoteForm {...props} />
      ) : (
        <>
          <ul className={widgets.list}>
            {estimated.map((line) => (
              <li key={line.id}>
                {line.type} × {line.quantity}:{' '}
                {line.price > 0 ? `${formatRubles(line.price)} за экземпляр` : 'ещё не рассчитан'}
              </li>
            ))}
          </ul>
          <p className={page.muted}>
            {props.editable
              ? 'Стоимость отправлена клиенту. Чтобы пересчитать её, верните заказ в статус «Новый».'
              : 'Стоимость рассчитывают менеджеры бюро.'}
          </p>
        </>
      )}
    </Section>
  );
}

function QuoteForm({ order, costs, offline, onChanged }: QuoteSectionProps) {
  const { api } = useDataLayer();
  const estimated = order.documents.filter((line) => line.byEstimate);
  const lineCosts = new Map(costs.lines.map((line) => [line.id, line.cost]));
  const initial: Record<string, string> = {};
  for (const line of estimated) {
    initial[priceId(line.id)] = line.price > 0 ? rublesForInput(line.price) : '';
    initial[costId(line.id)] = rublesForInput(lineCosts.get(line.id) ?? 0);
  }
  const { values, set, errors, busy, outcome, submit } = useCardForm<Record<string, string>>(
    initial,
    validateQuote(estimated.map((line) => line.id)),
    offline,
  );
  const total = quotedTotal(order, costs, values);
  const save = (event: FormEvent) =>
    submit(event, async (typed) => {
      const { data } = await api.client.PATCH('/api/order/quote', {
        body: {
          orderId: order.id,
          lines: estimated.map((line) => ({
            id: line.id,
            price: parseRubles(typed[priceId(line.id)] ?? '') ?? 0,
            cost: parseRubles(typed[costId(line.id)] ?? '') ?? 0,
          })),
        },
      });
      await onChanged();
      return data
        ? `Стоимость рассчитана: ${formatRubles(data.amount)}. Переведите заказ в «Ожидает оплаты», чтобы отправить её клиенту`
        : 'Стоимость рассчитана';
    });
  return (
    <form
      className={form.form}
      noValidate
      aria-label="Расчёт стоимости"
      onSubmit={(event) => void save(event)}
    >
      <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
      {estimated.map((line) => (
        <fieldset key={line.id} className={styles.quoteLine}>
          <legend className={styles.caption}>
            {line.type} × {line.quantity}
          </legend>
          <div className={styles.pair}>
            <TextField
              id={priceId(line.id)}
              label="Цена за экземпляр, ₽"
              inputMode="decimal"
              autoComplete="off"
              value={values[priceId(line.id)] ?? ''}
              error={errors.problems[priceId(line.id)]}
              onValueChange={set(priceId(line.id))}
            />
            <TextField
              id={costId(line.id)}
              label="Себестоимость за экземпляр, ₽"
              inputMode="decimal"
              autoComplete="off"
              value={values[costId(line.id)] ?? ''}
              error={errors.problems[costId(line.id)]}
              onValueChange={set(costId(line.id))}
            />
          </div>
        </fieldset>
      ))}
      <p aria-live="polite">
        {total ? (
          <>
            Сумма заказа станет <strong>{formatRubles(total.amount)}</strong>
            {total.breakdown.discount > 0 ? `, скидка ${formatRubles(total.breakdown.discount)}` : ''}
            {total.breakdown.urgency > 0 ? `, срочность ${formatRubles(total.breakdown.urgency)}` : ''}.
          </>
        ) : (
          'Введите цены — сумма заказа пересчитается.'
        )}
      </p>
      <SubmitRow outcome={outcome} busy={busy} offline={offline} label="Сохранить расчёт" />
    </form>
  );
}
