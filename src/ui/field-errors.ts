/**
 * Validation the GOV.UK way for any form: nothing is shown while the user types for the first
 * time; a submit validates everything, shows the summary and each field's message; from then on a
 * field's message goes away as soon as its value passes (and never comes back before the next
 * submit). `validate` returns { fieldId: message } for the fields in error.
 */
import { useCallback, useState } from 'react';
import type { FieldProblem } from './error-summary';

export type Problems = Record<string, string>;

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
