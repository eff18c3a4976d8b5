/**
 * /order/step-1: the catalogue (documents with prices, assurances, languages) from
 * GET /api/order/form-params, shown from the stored copy first so it opens offline, with the
 * time that copy was fetched.
 */
import { useNavigate } from '@tanstack/react-router';
import { useCachedQuery } from '../../api/use-cached-query';
import { button } from '../../ui/button.css';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
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
      ) : catalogue.error ? (
        <div role="alert" className={page.card}>
          <p>Не удалось загрузить каталог. {catalogue.error.message}</p>
          <p>
            <button
              type="button"
              className={button({ tone: 'secondary' })}
              onClick={() => void catalogue.refetch()}
            >
              Повторить
            </button>
          </p>
        </div>
      ) : (
        <p role="status" className={page.muted}>
          Загружаем каталог…
        </p>
      )}
    </section>
  );
}
