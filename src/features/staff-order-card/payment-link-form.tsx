/**
 * The order's card payment link (PUT /api/order/payment-link): the current one with a copy
 * button, so a manager can send it to the customer by hand, and a field to set another.
 */
import type { FormEvent } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { ErrorSummary } from '../../ui/error-summary';
import { byField } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { CopyableLink } from '../../ui/order/copyable-link';
import * as page from '../../ui/page.css';
import { TextField } from '../../ui/text-field';
import { SubmitRow, useCardForm } from '../../ui/write-form';
import { paymentLinkProblem } from './card-rules';

export type PaymentLinkValues = {
  paymentUrl: string;
};

export const validatePaymentLink = byField<PaymentLinkValues>({
  'card-payment-link': (v) => paymentLinkProblem(v.paymentUrl),
});

export interface PaymentLinkFormProps {
  order: { id: number; paymentUrl: string | null };
  /** false after payment: the link shows, the field does not. */
  editable: boolean;
  offline: boolean;
  onChanged: () => Promise<void>;
}

export function PaymentLinkForm({ order, editable, offline, onChanged }: PaymentLinkFormProps) {
  const { api } = useDataLayer();
  const { values, set, errors, busy, outcome, submit } = useCardForm<PaymentLinkValues>(
    { paymentUrl: order.paymentUrl ?? '' },
    validatePaymentLink,
    offline,
    { paymentUrl: ['card-payment-link', 'paymentUrl'] },
  );

  const save = (event: FormEvent) =>
    submit(event, async (typed) => {
      await api.client.PUT('/api/order/payment-link', {
        body: { id: order.id, paymentUrl: typed.paymentUrl.trim() },
      });
      await onChanged();
      return 'Ссылка на оплату сохранена';
    });

  return (
    <div className={page.stack}>
      {order.paymentUrl ? (
        <CopyableLink url={order.paymentUrl} />
      ) : (
        <p className={page.muted}>Ссылки пока нет.</p>
      )}
      {editable ? (
        <form
          className={form.form}
          noValidate
          aria-label="Ссылка на оплату"
          onSubmit={(event) => void save(event)}
        >
          <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
          <TextField
            id="card-payment-link"
            label={order.paymentUrl ? 'Новая ссылка' : 'Ссылка'}
            hint="Полный адрес страницы оплаты, начиная с https://"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            maxLength={2000}
            value={values.paymentUrl}
            error={errors.problems['card-payment-link']}
            onValueChange={set('paymentUrl')}
          />
          <SubmitRow outcome={outcome} busy={busy} offline={offline} label="Сохранить ссылку" />
        </form>
      ) : null}
    </div>
  );
}
