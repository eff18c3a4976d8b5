/**
 * Keeps the outbox code off a first visit: only a count of unsent entries is read at start; the
 * replay triggers load when there is something to send (or when step 4 or a partner's move sends,
 * which import them themselves), and the «ожидают отправки» notice when orders wait (a partner's
 * status changes show on their cards instead).
 */
import { lazy, Suspense, useEffect } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { ORDER_OPERATION } from '../../outbox/kinds';
import { useUnsentCount } from './use-outbox';

// Offline with no service worker yet, the chunk cannot load: the notice is then left out rather
// than taking the page down with it.
const PendingOrders = lazy(() =>
  import('./pending-orders').then(
    (module) => ({ default: module.PendingOrders }),
    () => ({ default: () => null }),
  ),
);

export function OutboxWatch() {
  const { db } = useDataLayer();
  const unsent = useUnsentCount(db);
  const unsentOrders = useUnsentCount(db, ORDER_OPERATION);
  useEffect(() => {
    if (unsent)
      void import('../../outbox/page-outbox').then(
        (module) => module.startOutbox(db),
        () => undefined,
      );
  }, [unsent, db]);
  if (!unsentOrders) return null;
  return (
    <Suspense fallback={null}>
      <PendingOrders />
    </Suspense>
  );
}
