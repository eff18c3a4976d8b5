/**
 * The frame of each step: progress and heading, the catalogue's age, the error summary, the form
 * and the price summary. Shows what it has offline; says so when the catalogue is not on the device.
 */
import { lazy, type ReactNode, Suspense, useDeferredValue } from 'react';
import type { CachedQuery } from '../../api/use-cached-query';
import type { DraftPayload } from '../../db/drafts';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import * as styles from './order-form.css';
import type { FormParams, OrderStep } from './order-model';
import { OrderStepHeader } from './order-step-header';
import { OrderSummary, type SummaryAction } from './order-summary';

// «Начать заново» shows only once the draft has something in it: a first visit does not download it.
const RestartDraft = lazy(() =>
  import('./restart-draft').then((module) => ({ default: module.RestartDraft })),
);
// Nor the price-change watch: with nothing chosen there is no price to remember or to see move.
const PriceChangeNotice = lazy(() =>
  import('./price-change-notice').then((module) => ({ default: module.PriceChangeNotice })),
);

export function OrderStepLayout({
  step,
  catalogue,
  payload,
  action,
  onRestart,
  children,
}: {
  step: OrderStep;
  catalogue: CachedQuery<FormParams>;
  payload: DraftPayload | null;
  action?: SummaryAction;
  /** «Начать заново» shows once the draft has something in it. */
  onRestart?: () => Promise<void>;
  children: (catalogue: FormParams, payload: DraftPayload) => ReactNode;
}) {
  // The form and the price answer a tap in the next frame; the price-change notice and «Начать
  // заново» (a chunk of its own, fetched on the first tick) follow in a deferred render React
  // may interrupt, so the first tap on a cheap phone does not wait for them (INP).
  const settled = useDeferredValue(payload);
  return (
    <section className={page.stack} aria-labelledby="order-title">
      <OrderStepHeader step={step} />
      <DataFreshness of={catalogue} />
      {catalogue.data && payload ? (
        <div className={styles.columns}>
          <div className={styles.main}>
            {settled && Object.keys(settled).length > 0 ? (
              <Suspense fallback={null}>
                <PriceChangeNotice catalogue={catalogue.data} payload={settled} />
              </Suspense>
            ) : null}
            {children(catalogue.data, payload)}
            {onRestart && settled && Object.keys(settled).length > 0 ? (
              <Suspense fallback={null}>
                <RestartDraft onRestart={onRestart} />
              </Suspense>
            ) : null}
          </div>
          <OrderSummary catalogue={catalogue.data} payload={payload} action={action} />
        </div>
      ) : (
        <QueryState what="каталог" error={catalogue.error} onRetry={() => void catalogue.refetch()} />
      )}
    </section>
  );
}
