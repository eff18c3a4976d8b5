/**
 * The "other document" a manager prices after the order came in (PATCH
 * /api/order/other-document-amount): its price for the customer and its cost for the bureau. The
 * server moves the amount by the price's difference.
 */
import type { FormEvent } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { formatRubles } from '../../domain/format';
import { ErrorSummary } from '../../ui/error-summary';
import { byField } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { TextField } from '../../ui/text-field';
import { SubmitRow, useCardForm } from '../../ui/write-form';
import { moneyProblem, parseRubles, rublesForInput } from './card-rules';
import * as styles from './order-card.css';

export type OtherDocumentValues = {
  otherPrice: string;
  otherCost: string;
};

export const validateOtherDocument = byField<OtherDocumentValues>({
  'card-other-price': (v) =>
    moneyProblem(v.otherPrice, { accusative: 'цену для клиента', nominative: 'Цена для клиента' }),
  'card-other-cost': (v) =>
    moneyProblem(v.otherCost, { accusative: 'себестоимость', nominative: 'Себестоимость' }),
});

export interface OtherDocumentFormProps {
  /** otherCost is null only in a partner's answers, and a partner never gets this form. */
  order: { id: number; otherPrice: number; otherCost: number | null };
  offline: boolean;
  onChanged: () => Promise<void>;
}

export function OtherDocumentForm({ order, offline, onChanged }: OtherDocumentFormProps) {
  const { api } = useDataLayer();
  const { values, set, errors, busy, outcome, submit } = useCardForm<OtherDocumentValues>(
    { otherPrice: rublesForInput(order.otherPrice), otherCost: rublesForInput(order.otherCost ?? 0) },
    validateOtherDocument,
    offline,
    { otherPrice: ['card-other-price', 'otherPrice'], otherCost: ['card-other-cost', 'otherCost'] },
  );

  const save = (event: FormEvent) =>
    submit(event, async (typed) => {
      const { data } = await api.client.PATCH('/api/order/other-document-amount', {
        body: {
          orderId: order.id,
          otherPrice: parseRubles(typed.otherPrice) ?? 0,
          otherCost: parseRubles(typed.otherCost) ?? 0,
        },
      });
      await onChanged();
      return data
        ? `Другой документ сохранён, сумма заказа теперь ${formatRubles(data.amount)}`
        : 'Другой документ сохранён';
    });

  return (
    <form
      className={form.form}
      noValidate
      aria-label="Другой документ"
      onSubmit={(event) => void save(event)}
    >
      <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
      <div className={styles.pair}>
        <TextField
          id="card-other-price"
          label="Цена для клиента, ₽"
          inputMode="decimal"
          autoComplete="off"
          value={values.otherPrice}
          error={errors.problems['card-other-price']}
          onValueChange={set('otherPrice')}
        />
        <TextField
          id="card-other-cost"
          label="Себестоимость, ₽"
          inputMode="decimal"
          autoComplete="off"
          value={values.otherCost}
          error={errors.problems['card-other-cost']}
          onValueChange={set('otherCost')}
        />
      </div>
      <p className={form.hint}>Сумма заказа изменится на разницу в цене. 0 — другого документа нет.</p>
      <SubmitRow outcome={outcome} busy={busy} offline={offline} label="Сохранить документ" />
    </form>
  );
}
