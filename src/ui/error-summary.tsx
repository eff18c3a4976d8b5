/**
 * The GOV.UK error summary: after a submit that fails, a box at the top of the form titled
 * «Есть ошибки», focused so screen readers announce it, with one link per problem that moves
 * focus to its field. Each field also shows its own message (TextField `error`).
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import * as form from './form.css';

export interface FieldProblem {
  /** The id of the control to focus (TextField `id`, or the first control of a group). */
  fieldId: string;
  message: string;
  /** The page the field is on, when it is another one (an earlier step of the order form). */
  page?: string;
}

export function ErrorSummary({ errors, focusKey }: { errors: readonly FieldProblem[]; focusKey: number }) {
  const box = useRef<HTMLDivElement>(null);
  // focusKey changes at each failed submit: the summary takes focus then, not at each keystroke.
  useEffect(() => {
    if (focusKey > 0) box.current?.focus();
  }, [focusKey]);
  if (errors.length === 0) return null;
  return (
    <div
      ref={box}
      className={form.errorSummary}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
    >
      <h2 id="error-summary-title" className={form.errorSummaryTitle}>
        Есть ошибки
      </h2>
      <ul className={form.errorSummaryList}>
        {errors.map((error) => (
          <li key={`${error.page ?? ''}#${error.fieldId}`}>
            {error.page ? (
              <Link className={form.errorSummaryLink} to={error.page} hash={error.fieldId}>
                {error.message}
              </Link>
            ) : (
              <a
                className={form.errorSummaryLink}
                href={`#${error.fieldId}`}
                onClick={(event) => {
                  event.preventDefault();
                  const field = document.getElementById(error.fieldId);
                  field?.focus();
                  field?.scrollIntoView({ block: 'center' });
                }}
              >
                {error.message}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
