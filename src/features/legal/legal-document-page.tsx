/**
 * /consent, /privacy, /offer: the current version of a customer document, as the server keeps it
 * (GET /api/legal/{kind}), with its version and date. Stored like every screen's data, so a page
 * read once opens offline with the age of its copy.
 */
import { useCachedQuery } from '../../api/use-cached-query';
import { formatDate } from '../../domain/format';
import { LEGAL_PAGE_TITLES, type LegalDocumentKind } from '../../domain/legal-pages';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { LoadingState, loadingOf } from '../../ui/widgets/loading-state';
import * as styles from './legal-document-page.css';
import { LegalText } from './legal-text';

export function LegalDocumentPage({ kind }: { kind: LegalDocumentKind }) {
  const query = useCachedQuery('/api/legal/{kind}', { params: { path: { kind } } });
  const document = query.data;
  return (
    <article className={`${page.stack} ${styles.document}`} aria-labelledby="legal-title">
      <h1 id="legal-title" className={page.title}>
        {document?.title ?? LEGAL_PAGE_TITLES[kind]}
      </h1>
      <DataFreshness of={query} />
      <LoadingState what="документ" {...loadingOf(query)}>
        {document ? (
          <>
            <p className={page.muted}>
              Редакция № {document.version} от {formatDate(document.publishedAt)}
            </p>
            <LegalText text={document.text} />
          </>
        ) : null}
      </LoadingState>
    </article>
  );
}
