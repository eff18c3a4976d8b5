/**
 * The loading-state helper: what a screen shows while its data comes, in three states —
 * loading, error, shown. The loading text appears only after 300 ms, so a fast answer never
 * flashes it, and once it has appeared it stays at least 300 ms, so a slow-then-sudden answer
 * does not blink either. Loading and error are drawn by the app's QueryState.
 *
 *   <LoadingState what="заявки" loading={orders.isLoading} error={orders.error}
 *     onRetry={() => void orders.refetch()}>
 *     <OrdersTable orders={orders.data} />
 *   </LoadingState>
 *
 * For a cached query (api/use-cached-query), spread loadingOf(query) instead of the three props.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { QueryState } from '../query-state';
import * as styles from './loading-state.css';

export const LOADING_DELAY_MS = 300;
export const LOADING_MIN_SHOWN_MS = 300;

/** true while the loading indicator should be on screen: late to come, slow to go. */
export function useLoadingIndicator(
  loading: boolean,
  delayMs = LOADING_DELAY_MS,
  minShownMs = LOADING_MIN_SHOWN_MS,
) {
  const [shown, setShown] = useState(false);
  const shownAt = useRef(0);
  useEffect(() => {
    if (loading && !shown) {
      const timer = setTimeout(() => {
        shownAt.current = Date.now();
        setShown(true);
      }, delayMs);
      return () => clearTimeout(timer);
    }
    if (!loading && shown) {
      const left = minShownMs - (Date.now() - shownAt.current);
      const timer = setTimeout(() => setShown(false), Math.max(0, left));
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [loading, shown, delayMs, minShownMs]);
  return shown;
}

export type LoadingPhase = 'waiting' | 'loading' | 'error' | 'shown';

export function loadingPhase(loading: boolean, indicator: boolean, error: unknown): LoadingPhase {
  if (indicator) return 'loading';
  if (loading) return 'waiting';
  return error ? 'error' : 'shown';
}

export interface LoadingStateProps {
  /** What is loading, in the accusative: «заявки», «заказ». */
  what: string;
  loading: boolean;
  /** Shown only when loading is over; pass null when there is data to show anyway. */
  error: { message: string } | null | undefined;
  onRetry: () => void;
  children: ReactNode;
}

export function LoadingState({ what, loading, error, onRetry, children }: LoadingStateProps) {
  const indicator = useLoadingIndicator(loading);
  const phase = loadingPhase(loading, indicator, error);
  if (phase === 'waiting') return <div aria-busy="true" className={styles.waiting} />;
  if (phase === 'loading') {
    return (
      <div aria-busy="true" className={styles.loading}>
        <span aria-hidden="true" className={styles.spinner} />
        <QueryState what={what} error={null} onRetry={onRetry} />
      </div>
    );
  }
  if (phase === 'error') return <QueryState what={what} error={error} onRetry={onRetry} />;
  return children;
}

/**
 * LoadingState's loading, error and retry for a cached query: loading until it has data or an
 * error, and its error only while there is no data (a stored copy shows with its own notice).
 */
export function loadingOf(query: {
  data: unknown;
  error: { message: string } | null;
  refetch: () => Promise<void>;
}): Pick<LoadingStateProps, 'loading' | 'error' | 'onRetry'> {
  return {
    loading: query.data === undefined && query.error === null,
    error: query.data === undefined ? query.error : null,
    onRetry: () => void query.refetch(),
  };
}
