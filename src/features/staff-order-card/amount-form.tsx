/**
 * The order's amount set by hand (PATCH /api/order/amount): an ADMIN's control only, before
 * payment, with an optional comment that goes into the change history.
 */
import { type FormEvent, useEffect } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { formatRubles } from '../../domain/format';
import { ErrorSummary } from '../../ui/error-summary';
import { byField } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { TextField } from '../../ui/text-field';
import { SubmitRow, useCardForm } from '../../ui/write-form';
import { commentProblem, MAX_COMMENT, moneyProblem, parseRubles, rublesForInput } from './card-rules';

export type AmountValues = {
  amount: string;
  comment: string;
};

export const validateAmount = byField<AmountValues>({
  'card-amount': (v) => moneyProblem(v.amount, { accusative: 'сумму заказа', nominative: 'Сумма заказа' }),
  'card-amount-comment': (v) => commentProblem(v.comment),
});

export interface AmountFormProps {
  order: { id: number; amount: number };
  offline: boolean;
  onChanged: () => Promise<void>;
}

export function AmountForm({ order, offline, onChanged }: AmountFormProps) {
  const { api } = useDataLayer();
  const { values, setValues, set, errors, busy, outcome, submit } = useCardForm<AmountValues>(
    { amount: rublesForInput(order.amount), comment: '' },
    validateAmount,
    offline,
    { amount: ['card-amount', 'amount'], comment: ['card-amount-comment', 'comment'] },
  );

  // The sum changed elsewhere (a change of the order, a quote, urgency): the field shows the new one.
  useEffect(() => {
    setValues((current) => ({ ...current, amount: rublesForInput(order.amount) }));
  }, [order.amount, setValues]);

  async function save(event: FormEvent) {
    const before = order.amount;
    const saved = await submit(event, async (typed) => {
      const amount = parseRubles(typed.amount) ?? 0;
      await api.client.PATCH('/api/order/amount', {
        body: { id: order.id, amount, comment: typed.comment.trim() || null },
      });
      await onChanged();
      return `Сумма изменена: ${formatRubles(before)} → ${formatRubles(amount)}`;
    });
    if (saved) setValues((current) => ({ ...current, comment: '' }));
  }

  return (
    <form className={form.form} noValidate aria-label="Сумма заказа" onSubmit={(event) => void save(event)}>
      <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
      <TextField
        id="card-amount"
        label="Сумма заказа, ₽"
        hint={`Сейчас ${formatRubles(order.amount)}. Копейки — через запятую.`}
        inputMode="decimal"
        autoComplete="off"
        value={values.amount}
        error={errors.problems['card-amount']}
        onValueChange={set('amount')}
      />
      <TextField
        id="card-amount-comment"
        label="Комментарий (необязательно)"
        hint="Попадёт в историю изменений, например «Скидка постоянному клиенту»"
        multiline
        rows={2}
        maxLength={MAX_COMMENT}
        value={values.comment}
        error={errors.problems['card-amount-comment']}
        onValueChange={set('comment')}
      />
      <SubmitRow outcome={outcome} busy={busy} offline={offline} label="Изменить сумму" />
    </form>
  );
}
