/**
 * What the cabinet's forms share around their fields: the save in flight, its outcome (a status
 * or the server's refusal, in Russian) and the submit row that says why saving is off offline.
 */
import { useState } from 'react';
import { isApiError } from '../../api/errors';
import { button } from '../../ui/button';
import { type Problems, serverProblems } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import * as page from '../../ui/page.css';

export interface SaveOutcome {
  text: string;
  error: boolean;
}

/**
 * A form's save. With `fields` (request property → field id) and `show` (the form's
 * useFieldErrors().show), the server's refusal of a field shows beside that field, not under the form.
 */
export function useSave(fields?: Record<string, string>, show?: (problems: Problems) => void) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  async function save(call: () => Promise<void>, done: string) {
    setBusy(true);
    setOutcome(null);
    try {
      await call();
      setOutcome({ text: done, error: false });
    } catch (failure) {
      const found = fields && isApiError(failure) ? serverProblems(failure.details, fields) : {};
      if (show && Object.keys(found).length > 0) {
        show(found);
        return;
      }
      setOutcome({ text: failure instanceof Error ? failure.message : 'Не удалось сохранить', error: true });
    } finally {
      setBusy(false);
    }
  }
  return { busy, outcome, save, clearOutcome: () => setOutcome(null) };
}

export function SaveRow(props: {
  outcome: SaveOutcome | null;
  busy: boolean;
  offline: boolean;
  label: string;
}) {
  const { outcome } = props;
  return (
    <>
      {outcome ? (
        <p
          role={outcome.error ? 'alert' : 'status'}
          className={outcome.error ? page.errorText : form.success}
        >
          {outcome.text}
        </p>
      ) : null}
      <div className={form.actions}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={props.busy || props.offline}>
          {props.busy ? 'Сохраняем…' : props.label}
        </button>
        {props.offline ? <span className={form.hint}>Без сети изменения не сохранить</span> : null}
      </div>
    </>
  );
}
