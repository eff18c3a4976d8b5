/**
 * /crm/documents «Документы для клиентов» (ADMIN): the operator of personal data whose details
 * fill every customer document, and each document — the consent, the privacy policy, the public
 * offer — with its versions and a new one to publish (GET /api/admin/legal). Read through the
 * stored copy, so it opens offline with its age; saving and publishing need the network.
 */
import { useCachedQuery } from '../../api/use-cached-query';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { DocumentVersions } from './document-versions';
import { OperatorForm } from './operator-form';

export function LegalDocumentsPage() {
  const query = useCachedQuery('/api/admin/legal');
  const data = query.data;
  const refetch = () => query.refetch();
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Документы для клиентов
      </h1>
      <p className={page.muted}>
        Согласие на обработку персональных данных, политика обработки персональных данных и публичная оферта:
        клиент видит их на сайте, соглашается с ними при заказе и входе в личный кабинет. Каждое согласие
        хранит редакцию, с которой клиент согласился.
      </p>
      <DataFreshness of={query} />
      {data ? (
        <>
          <OperatorForm operator={data.operator} offline={query.isOffline} onSaved={refetch} />
          {data.documents.map((document) => (
            <DocumentVersions
              key={document.kind}
              document={document}
              offline={query.isOffline}
              onPublished={refetch}
            />
          ))}
        </>
      ) : (
        <QueryState what="документы" error={query.error} onRetry={() => void refetch()} />
      )}
    </section>
  );
}
