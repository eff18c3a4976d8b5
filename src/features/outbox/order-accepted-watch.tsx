/**
 * Keeps «Заказ № … принят» off a first visit's bundle: only a count of sent outbox entries is read
 * at start; the notice's code loads once the device has sent something.
 */
import { lazy, Suspense } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useSentCount } from './use-outbox';

const OrderAcceptedNotice = lazy(() => import('./order-accepted-notice'));

export function OrderAcceptedWatch() {
  const { db } = useDataLayer();
  const sent = useSentCount(db);
  if (!sent) return null;
  return (
    <Suspense fallback={null}>
      <OrderAcceptedNotice />
    </Suspense>
  );
}
