/** The error summary, downloaded only when a form first fails: the order form's first step has a budget. */
import { lazy, Suspense } from 'react';
import type { FieldProblem } from './error-summary';

const ErrorSummaryNow = lazy(() =>
  import('./error-summary').then((module) => ({ default: module.ErrorSummary })),
);

export function ErrorSummary(props: { errors: readonly FieldProblem[]; focusKey: number }) {
  if (props.errors.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ErrorSummaryNow {...props} />
    </Suspense>
  );
}
