/**
 * /order/step-1: the catalogue (documents with prices, assurances, languages) from
 * GET /api/order/form-params, shown from the stored copy first so it opens offline, with the
 * time that copy was fetched.
 */
import { useNavigate } from '@tanstack/react-router';
import { useCachedQuery } from '../../api/use-cached-query';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { CatalogueForm } from './catalogue-form';
import { OrderStepHeader } from './order-step-header';

export function OrderStepOne() {
  const navigate = useNavigate();
  const catalogue = useCachedQuery('/api/order/form-params', { kind: 'public' });
  return (
    <section className={page.stack} aria-labelledby="order-title">
      <OrderStepHeader step={1} />
      <DataFreshness fetchedAt={catalogue.fetchedAt} isOffline={catalogue.isOffline} />
      {catalogue.data ? (
        <CatalogueForm catalogue={catalogue.data} onNext={() => void navigate({ to: '/order/step-2' })} />
      ) : (
        <QueryState what="каталог" error={catalogue.error} onRetry={() => void catalogue.refetch()} />
      )}
    </section>
  );
}
