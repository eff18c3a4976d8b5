/** The staff card's block: the personal-data consent the order was placed with (GET /api/order/{id}/consent). */
import { useCachedQuery } from '../../api/use-cached-query';
import { ConsentRecordText } from '../../ui/consent-record';
import { Section } from '../../ui/order/order-sections';
import * as page from '../../ui/page.css';
import { LoadingState, loadingOf } from '../../ui/widgets/loading-state';

export function OrderConsent({ orderId }: { orderId: number }) {
  const query = useCachedQuery('/api/order/{id}/consent', { params: { path: { id: orderId } } });
  const consent = query.data?.consent;
  return (
    <Section id="card-consent" title="Согласие на обработку персональных данных">
      <LoadingState what="согласие" {...loadingOf(query)}>
        {query.data ? (
          consent ? (
            <ConsentRecordText consent={consent} />
          ) : (
            <p className={page.muted}>Заказ оформлен до того, как согласие стали записывать.</p>
          )
        ) : null}
      </LoadingState>
    </Section>
  );
}
