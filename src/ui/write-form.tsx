/**
 * What the back office's forms share (the order card, the catalogue's screens): a write to the
 * server with its outcome in Russian, and the submit row. Writes need the network: offline the row
 * says so plainly and the typed values stay in the form; a 403 always reads «У вас нет прав…»
 * (docs/roles-and-access.md), whatever the body says; other refusals show the server's own message
 * (why a paid order's amount cannot move, for instance).
 */
import { type FormEvent, type ReactNode, useState } from 'react';
import { isApiError } from '../api/errors';
import { button } from './button';
import { ErrorSummary, type FieldProblem } from './error-summary';
import { type Problems, serverProblems, useFieldErrors } from './field-errors';
import * as form from './form.css';
import * as page from './page.css';

/** The server's words for a 403, shown whatever the body says (docs/roles-and-access.md). */
export const NO_RIGHTS_MESSAGE = 'У вас нет прав на выполнение этого действия';

export const OFFLINE_WRITE_TEXT =
  'Нет сети: изменения сохраняются только онлайн. Введённое останется в форме.';
const NOT_SENT_TEXT =
  'Нет связи с сервером: изменение не сохранено. Введённое осталось в форме — отправьте ещё раз, когда появится сеть.';

export interface WriteOutcome {
  text: string;
  error: boolean;
}

export function failureText(failure: unknown): string {
  if (isApiError(failure)) {
    if (failure.status === 403) return NO_RIGHTS_MESSAGE;
    if (failure.isNetworkError) return NOT_SENT_TEXT;
    return failure.message;
  }
  return failure instanceof Error ? failure.message : 'Не удалось сохранить';
}

/**
 * `onFieldProblems` takes the server's problems of the form's own fields (shown beside them);
 * it answers whether they said it all, so the line under the form is left out.
 */
export function useCardWrite(onFieldProblems?: (details: unknown) => boolean) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<WriteOutcome | null>(null);
  /** Runs the call; the outcome is its success text or why it failed. True when it succeeded. */
  async function write(call: () => Promise<string>): Promise<boolean> {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ text: await call(), error: false });
      return true;
    } catch (failure) {
      // A refusal naming fields (a bad value, 400; a name another record has, 409) shows beside them.
      const told =
        isApiError(failure) &&
        (failure.status === 400 || failure.status === 409) &&
        onFieldProblems?.(failure.details);
      if (!told) setOutcome({ text: failureText(failure), error: true });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, outcome, write, clearOutcome: () => setOutcome(null) };
}

/**
 * A card form's state: its values, the GOV.UK validation (field-errors.ts) and the write. `submit`
 * validates, refuses offline, and runs `send` with the values; it returns whether they were saved.
 * `fields` maps each value's key to its field id and to the request property the server names
 * in a refusal ({ paymentUrl: ['card-payment-link', 'paymentUrl'] }), so the server's messages
 * show beside the field too.
 */
export function useCardForm<T extends Record<string, string>>(
  initial: T,
  validate: (values: T) => Problems,
  offline: boolean,
  fields: Partial<Record<keyof T, readonly [fieldId: string, property: string]>> = {},
) {
  const [values, setValues] = useState<T>(initial);
  const errors = useFieldErrors(validate);
  const byProperty = Object.fromEntries(
    Object.values(fields).flatMap((field) => (field ? [[field[1], field[0]]] : [])),
  );
  const { busy, outcome, write, clearOutcome } = useCardWrite((details) => {
    const found = serverProblems(details, byProperty);
    if (Object.keys(found).length === 0) return false;
    errors.show(found);
    return Array.isArray(details) && details.length === Object.keys(found).length;
  });
  const set = (key: keyof T) => (value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    errors.recheck(next, fields[key]?.[0]);
    clearOutcome();
  };
  async function submit(event: FormEvent, send: (values: T) => Promise<string>): Promise<boolean> {
    event.preventDefault();
    if (busy || offline || !errors.check(values)) return false;
    return write(() => send(values));
  }
  return { values, setValues, set, errors, busy, outcome, submit };
}

export function WriteOutcomeLine({ outcome }: { outcome: WriteOutcome | null }) {
  if (!outcome) return null;
  return (
    <p role={outcome.error ? 'alert' : 'status'} className={outcome.error ? page.errorText : form.success}>
      {outcome.text}
    </p>
  );
}

export function SubmitRow(props: {
  outcome: WriteOutcome | null;
  busy: boolean;
  offline: boolean;
  label: string;
}) {
  return (
    <>
      <WriteOutcomeLine outcome={props.outcome} />
      <div className={form.actions}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={props.busy || props.offline}>
          {props.busy ? 'Сохраняем…' : props.label}
        </button>
      </div>
      {props.offline ? <p className={form.hint}>{OFFLINE_WRITE_TEXT}</p> : null}
    </>
  );
}

/** A small form's frame: labelled, no browser validation, the GOV.UK error summary at its top. */
export function WriteFormFrame(props: {
  label: string;
  errors: { summary: FieldProblem[]; submits: number };
  onSubmit: (event: FormEvent) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form
      className={form.form}
      noValidate
      aria-label={props.label}
      onSubmit={(event) => void props.onSubmit(event)}
    >
      <ErrorSummary errors={props.errors.summary} focusKey={props.errors.submits} />
      {props.children}
    </form>
  );
}
