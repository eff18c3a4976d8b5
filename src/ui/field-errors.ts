/**
 * Validation the GOV.UK way for any form: nothing is shown while the user types for the first
 * time; a submit validates everything, shows the summary and each field's message; from then on a
 * field's message goes away as soon as its value passes (and never comes back before the next
 * submit). `validate` returns { fieldId: message } for the fields in error; build it from plain
 * rules with `byField`, or from a valibot schema with `fromSchema` of ./schema-problems (keys are the field ids).
 *
 *   const validate = byField<Values>({ 'login-email': (v) => (v.email ? null : 'Введите email') });
 *   const { problems, summary, submits, check, recheck } = useFieldErrors(validate);
 *   // onSubmit: if (!check(values)) return;   onChange: recheck(next, fieldId);
 *   // refused: show(serverProblems(error.details, { email: 'login-email' }));
 *   // <ErrorSummary errors={summary} focusKey={submits} />  <TextField id="login-email" error={problems['login-email']} />
 *
 * Keep `validate` stable (module level or useCallback): the hook's callbacks depend on it.
 */
import { useCallback, useRef, useState } from 'react';
import type { FieldProblem } from './error-summary';

export type Problems = Record<string, string>;

/** One rule per field id: the Russian message when the value breaks it, else null. */
export function byField<T>(rules: Record<string, (values: T) => string | null>) {
  return (values: T): Problems => {
    const found: Problems = {};
    for (const [fieldId, rule] of Object.entries(rules)) {
      const message = rule(values);
      if (message) found[fieldId] = message;
    }
    return found;
  };
}

interface ServerProblem {
  path?: unknown;
  message?: unknown;
}

/**
 * A server's refusal as the form's problems: each of its details ({ path: '/body/phoneNumber',
 * message }) goes to the field the form shows that property in (`fieldIds`: property → field
 * id). Details of properties the form does not show are left out; the caller shows the message.
 */
export function serverProblems(details: unknown, fieldIds: Record<string, string>): Problems {
  const found: Problems = {};
  if (!Array.isArray(details)) return found;
  for (const detail of details as ServerProblem[]) {
    if (typeof detail?.path !== 'string' || typeof detail.message !== 'string') continue;
    const property = detail.path.split('/')[2] ?? '';
    const fieldId = fieldIds[property];
    if (fieldId && !found[fieldId]) found[fieldId] = detail.message;
  }
  return found;
}

export function useFieldErrors<T>(validate: (values: T) => Problems) {
  const [problems, setProblems] = useState<Problems>({});
  const [submits, setSubmits] = useState(0);
  // Fields whose message came from the server: our rules may pass where the server's did not,
  // so such a message stays until its own field is edited.
  const fromServer = useRef(new Set<string>());

  /** Call on submit: true when the values pass. */
  const check = useCallback(
    (values: T): boolean => {
      const found = validate(values);
      fromServer.current.clear();
      setProblems(found);
      setSubmits((n) => n + 1);
      return Object.keys(found).length === 0;
    },
    [validate],
  );

  /**
   * Call after each change: drops the messages of fields that now pass. `changed` is the id of the
   * field edited, which clears the server's message about that field.
   */
  const recheck = useCallback(
    (values: T, changed?: string) => {
      if (changed) fromServer.current.delete(changed);
      setProblems((shown) => {
        if (Object.keys(shown).length === 0) return shown;
        const now = validate(values);
        const kept: Problems = {};
        for (const field of Object.keys(shown)) {
          const server = fromServer.current.has(field) ? shown[field] : undefined;
          const message = now[field] ?? server;
          if (message) kept[field] = message;
        }
        const same = Object.keys(kept).every((field) => kept[field] === shown[field]);
        return same && Object.keys(kept).length === Object.keys(shown).length ? shown : kept;
      });
    },
    [validate],
  );

  /** Shows the server's problems (see serverProblems) as a submit would. */
  const show = useCallback((found: Problems) => {
    fromServer.current = new Set(Object.keys(found));
    setProblems(found);
    setSubmits((n) => n + 1);
  }, []);

  const summary: FieldProblem[] = Object.entries(problems).map(([fieldId, message]) => ({
    fieldId,
    message,
  }));
  return { problems, summary, submits, check, recheck, show, setProblems };
}
