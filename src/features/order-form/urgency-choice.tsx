/**
 * Step 1's «Срок»: urgent or not, with what urgency adds and the promised day of each (the
 * server's own rule, src/domain/due-date.ts). Shown once documents are chosen, as a chunk of its
 * own with the estimate, so a first visit of step 1 downloads none of it.
 */
import type { DraftPayload } from '../../db/drafts';
import { formatRubles } from '../../domain/format';
import { urgencyLabel } from '../../domain/urgency';
import * as form from '../../ui/form.css';
import * as choices from '../../ui/order/order-choices.css';
import * as styles from './order-form.css';
import type { FormParams } from './order-model';
import { useDueEstimate } from './use-due-estimate';

export function UrgencyChoice({
  params,
  values,
  onChange,
}: {
  params: FormParams;
  values: DraftPayload;
  onChange: (urgent: boolean) => void;
}) {
  const due = useDueEstimate(params, values);
  const percent = params.schedule?.urgentPercent ?? 0;
  return (
    <fieldset className={choices.fieldset}>
      <legend className={choices.legend}>Срок</legend>
      <label className={choices.option}>
        <input
          id="urgent"
          type="checkbox"
          className={choices.checkbox}
          checked={values.urgent === true}
          aria-describedby="urgent-hint"
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className={choices.optionName}>Срочный перевод</span>
        <span className={choices.price}>
          {percent > 0 ? `+${String(percent).replace('.', ',')} %` : 'без доплаты'}
        </span>
      </label>
      <p id="urgent-hint" className={form.hint}>
        {due
          ? `Обычный срок — ${due.regular}, срочно — ${due.urgent}.`
          : 'Вдвое быстрее, доплата — к цене перевода.'}
      </p>
    </fieldset>
  );
}

/**
 * The summary's rows that come with urgency: the surcharge (`part` urgency, its amount from the
 * summary's price) or the day promised for the order as chosen now (`part` due).
 */
export function SummaryExtra({
  part,
  catalogue,
  payload,
  amount,
}: {
  part: 'urgency' | 'due';
  catalogue: FormParams;
  payload: DraftPayload;
  amount: number;
}) {
  const due = useDueEstimate(catalogue, payload);
  if (part === 'urgency')
    return (
      <div className={styles.breakdownRow}>
        <dt className={styles.breakdownName}>{urgencyLabel(catalogue.schedule?.urgentPercent ?? 0)}</dt>
        <dd>{formatRubles(amount)}</dd>
      </div>
    );
  if (!due) return null;
  return (
    <div className={styles.breakdownRow}>
      <dt className={styles.breakdownName}>{payload.urgent ? 'Готов срочно' : 'Срок готовности'}</dt>
      <dd>{due.chosen}</dd>
    </div>
  );
}
