/**
 * /consent, /privacy, /offer: the current version of a customer document, as the server keeps it
 * (GET /api/legal/{kind}), with its version and date. Stored like every screen's data, so a page
 * read once opens offline with the age of its copy.
 */
import { useCachedQuery } from '../../api/use-cached-query';
import { formatDate } from '../../domain/format';
import { legalBlocks } from '../../domain/legal-documents';
import { LEGAL_PAGE_TITLES, type LegalDocumentKind } from '../../domain/legal-pages';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { LoadingState, loadingOf } from '../../ui/widgets/loading-state';
import * as styles from './legal-document-page.css';

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
            {legalBlocks(document.text).map((block, index) =>
              block.kind === 'heading' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never move
                <h2 key={index} className={page.subtitle}>
                  {block.text}
                </h2>
              ) : block.kind === 'list' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <ul key={index} className={styles.list}>
                  {block.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <p key={index} className={styles.paragraph}>
                  {block.text}
                </p>
              ),
            )}
          </>
        ) : null}
      </LoadingState>
    </article>
  );
}
