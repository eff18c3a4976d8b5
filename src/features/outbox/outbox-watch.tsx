/**
 * Keeps the outbox code off a first visit: only a count of unsent entries is read at start; the
 * replay triggers and the «ожидают отправки» notice load when there is something to send (or when
 * step 4 sends, which imports them itself).
 */
import { lazy, Suspense, useEffect } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useUnsentCount } from '../../db/use-outbox';

const PendingOrders = lazy(() =>
  import('./pending-orders').then((module) => ({ default: module.PendingOrders })),
);

export function OutboxWatch() {
  const { db } = useDataLayer();
  const unsent = useUnsentCount(db);
  useEffect(() => {
    if (unsent) void import('./page-outbox').then((module) => module.startOutbox(db));
  }, [unsent, db]);
  if (!unsent) return null;
  return (
    <Suspense fallback={null}>
      <PendingOrders />
    </Suspense>
  );
}
