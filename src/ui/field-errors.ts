/**
 * Validation the GOV.UK way for any form: nothing is shown while the user types for the first
 * time; a submit validates everything, shows the summary and each field's message; from then on a
 * field's message goes away as soon as its value passes (and never comes back before the next
 * submit). `validate` returns { fieldId: message } for the fields in error; build it from plain
 * rules with `byField`, or from a valibot schema with `fromSchema` of ./schema-problems (keys are the field ids).
 *
 *   const validate = byField<Values>({ 'login-email': (v) => (v.email ? null : 'Введите email') });
 *   const { problems, summary, submits, check, recheck } = useFieldErrors(validate);
 *   // onSubmit: if (!check(values)) return;   onChange: recheck(next);
 *   // <ErrorSummary errors={summary} focusKey={submits} />  <TextField id="login-email" error={problems['login-email']} />
 *
 * Keep `validate` stable (module level or useCallback): the hook's callbacks depend on it.
 */
import { useCallback, useState } from 'react';
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

export function useFieldErrors<T>(validate: (values: T) => Problems) {
  const [problems, setProblems] = useState<Problems>({});
  const [submits, setSubmits] = useState(0);

  /** Call on submit: true when the values pass. */
  const check = useCallback(
    (values: T): boolean => {
      const found = validate(values);
      setProblems(found);
      setSubmits((n) => n + 1);
      return Object.keys(found).length === 0;
    },
    [validate],
  );

  /** Call after each change: drops the messages of fields that now pass. */
  const recheck = useCallback(
    (values: T) => {
      setProblems((shown) => {
        if (Object.keys(shown).length === 0) return shown;
        const now = validate(values);
        const kept: Problems = {};
        for (const field of Object.keys(shown)) if (now[field]) kept[field] = now[field];
        const same = Object.keys(kept).every((field) => kept[field] === shown[field]);
        return same && Object.keys(kept).length === Object.keys(shown).length ? shown : kept;
      });
    },
    [validate],
  );

  const summary: FieldProblem[] = Object.entries(problems).map(([fieldId, message]) => ({
    fieldId,
    message,
  }));
  return { problems, summary, submits, check, recheck, setProblems };
}
