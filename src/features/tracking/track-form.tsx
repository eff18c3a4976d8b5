/**
 * The /track form: the order number from the mail and the phone or email given with the order,
 * read the way the server reads them (src/domain/tracking.ts). GOV.UK errors: a summary at the top
 * linking to each field and the message beside it, cleared as the field is fixed. The server's
 * «not found» goes to the summary and the number's field; a 429 says how long to wait.
 */
import { type FormEvent, useState } from 'react';
import { unwrap } from '../../api/client';
import { useDataLayer } from '../../api/data-layer';
import { isApiError } from '../../api/errors';
import type { GetData } from '../../api/use-cached-query';
import { trackingFormProblems } from '../../domain/tracking';
import { button } from '../../ui/button';
import { ErrorSummary } from '../../ui/error-summary';
import { serverProblems, useFieldErrors } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import * as page from '../../ui/page.css';
import { TextField } from '../../ui/text-field';

export type TrackedOrder = GetData<'/api/track/{token}'>;

export const FIELD = { number: 'track-number', contact: 'track-contact' } as const;

interface Values {
  number: string;
  contact: string;
}

function validate(values: Values): Record<string, string> {
  const problems = trackingFormProblems(values);
  return {
    ...(problems.number ? { [FIELD.number]: problems.number } : {}),
    ...(problems.contact ? { [FIELD.contact]: problems.contact } : {}),
  };
}

export function TrackForm({ onFound }: { onFound: (order: TrackedOrder) => void }) {
  const { api } = useDataLayer();
  const [values, setValues] = useState<Values>({ number: '', contact: '' });
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { problems, summary, submits, check, recheck, show } = useFieldErrors(validate);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    if (!check(values)) return;
    setBusy(true);
    try {
      onFound(unwrap(await api.client.GET('/api/track', { params: { query: values } })));
    } catch (error) {
      if (isApiError(error) && error.status === 404) show({ [FIELD.number]: error.message });
      else if (isApiError(error) && error.status === 400)
        show(serverProblems(error.details, { number: FIELD.number, contact: FIELD.contact }));
      else if (isApiError(error) && error.isNetworkError)
        setRefusal('Нет связи с сервером. Найти заказ можно, когда появится интернет.');
      else setRefusal(isApiError(error) ? error.message : 'Не удалось найти заказ. Попробуйте ещё раз.');
    } finally {
      setBusy(false);
    }
  }

  const change = (field: keyof Values, id: string) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setRefusal(null);
    recheck(next, id);
  };

  return (
    <form className={form.form} noValidate onSubmit={(event) => void submit(event)} aria-label="Найти заказ">
      <ErrorSummary errors={summary} focusKey={submits} />
      <TextField
        id={FIELD.number}
        label="Номер заказа"
        hint="Он есть в письме о заказе, например 2611-00042"
        name="order-number"
        autoComplete="off"
        value={values.number}
        error={problems[FIELD.number]}
        onValueChange={change('number', FIELD.number)}
      />
      <TextField
        id={FIELD.contact}
        label="Телефон или email"
        hint="Те, что указаны при оформлении заказа"
        name="contact"
        autoComplete="email"
        value={values.contact}
        error={problems[FIELD.contact]}
        onValueChange={change('contact', FIELD.contact)}
      />
      {refusal ? (
        <p role="alert" className={page.errorText}>
          {refusal}
        </p>
      ) : null}
      <div className={form.actions}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={busy}>
          {busy ? 'Ищем заказ…' : 'Найти заказ'}
        </button>
      </div>
    </form>
  );
}
