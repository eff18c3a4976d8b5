/** The customer's profile block: every consent they gave (GET /api/user/consents), newest first. */
import { useCachedQuery } from '../../api/use-cached-query';
import { ConsentRecordText } from '../../ui/consent-record';
import * as page from '../../ui/page.css';
import { LoadingState, loadingOf } from '../../ui/widgets/loading-state';

export function MyConsents() {
  const query = useCachedQuery('/api/user/consents', {});
  const consents = query.data?.items;
  return (
    <section className={page.card} aria-labelledby="my-consents">
      <h2 id="my-consents" className={page.subtitle}>
        Согласия на обработку данных
      </h2>
      <LoadingState what="согласия" {...loadingOf(query)}>
        {consents && consents.length === 0 ? <p className={page.muted}>Согласий пока нет.</p> : null}
        {consents?.map((consent) => (
          <ConsentRecordText
            key={`${consent.purpose}-${consent.orderId}-${consent.givenAt}`}
            consent={consent}
          />
        ))}
      </LoadingState>
    </section>
  );
}
