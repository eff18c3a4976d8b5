/**
 * What the back office's forms share (the order card, the catalogue's screens): a write to the server with its outcome in Russian, and the submit
 * row. Writes need the network: offline the row says so plainly and the typed values stay in the
 * form; a 403 always reads «У вас нет прав…» (spec 8), whatever the body says; other refusals
 * show the server's own message (why a paid order's amount cannot move, for instance).
 */
import { type FormEvent, useState } from 'react';
import { isApiError } from '../api/errors';
import { button } from './button';
import { type Problems, useFieldErrors } from './field-errors';
import * as form from './form.css';
import * as page from './page.css';

/** The server's words for a 403, shown whatever the body says (spec 8). */
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

export function useCardWrite() {
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
      setOutcome({ text: failureText(failure), error: true });
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
 */
export function useCardForm<T extends Record<string, string>>(
  initial: T,
  validate: (values: T) => Problems,
  offline: boolean,
) {
  const [values, setValues] = useState<T>(initial);
  const errors = useFieldErrors(validate);
  const { busy, outcome, write, clearOutcome } = useCardWrite();
  const set = (key: keyof T) => (value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    errors.recheck(next);
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
