/**
 * The read-only sections of an order both the cabinet and the back office's card show: a titled
 * card, key–value facts, the documents with their languages, the files.
 */
import type { ReactNode } from 'react';
import type { GetData } from '../../api/use-cached-query';
import { formatDateTime } from '../../domain/format';
import { languageList, languageName, lineLanguages } from '../../domain/languages';
import * as page from '../page.css';
import { DownloadButton } from './download-button';
import * as styles from './order-widgets.css';

/** The customer's order (the back office's has every field these sections read). */
type ShownOrder = GetData<'/api/user/orders/{id}'>['order'];

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={page.card} aria-labelledby={id}>
      <h2 id={id} className={page.subtitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className={styles.factTerm}>{term}</dt>
      <dd className={styles.factValue}>{children}</dd>
    </>
  );
}

/** What the documents section reads; the back office's order card passes its own order. */
export type DocumentsOrder = Pick<
  ShownOrder,
  'documents' | 'originalLanguage' | 'targetLanguage' | 'comment'
>;

export function DocumentsSection({ order }: { order: DocumentsOrder }) {
  const languagesOf = (line: DocumentsOrder['documents'][number]) =>
    lineLanguages(line.targetLanguages, order.targetLanguage);
  const targets = [...new Set(order.documents.flatMap(languagesOf))];
  const several = targets.length > 1;
  return (
    <Section id="order-documents" title="Документы">
      <ul className={styles.list}>
        {order.documents.map((line) => (
          <li key={line.id}>
            <strong>{line.type}</strong>, {copies(line.quantity)}
            {/* Where the order has several target languages, each line names its own. */}
            {several ? ` — ${languageList(languagesOf(line))}` : null}
            {line.assurances.length > 0 ? (
              <ul>
                {line.assurances.map((assurance) => (
                  <li key={assurance.assuranceId}>{assurance.type}</li>
                ))}
              </ul>
            ) : (
              <span className={page.muted}> — без заверения</span>
            )}
          </li>
        ))}
      </ul>
      <dl className={styles.facts}>
        <Fact term="Язык оригинала">{languageName(order.originalLanguage)}</Fact>
        <Fact term="Перевести на">
          {(targets.length ? targets : [order.targetLanguage]).map(languageName).join(', ')}
        </Fact>
        {order.comment ? <Fact term="Комментарий">{order.comment}</Fact> : null}
      </dl>
    </Section>
  );
}

function copies(quantity: number): string {
  const mod10 = quantity % 10;
  const mod100 = quantity % 100;
  if (mod10 === 1 && mod100 !== 11) return `${quantity} экземпляр`;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return `${quantity} экземпляра`;
  return `${quantity} экземпляров`;
}

/**
 * The order's files; one added after the order was placed says when — and, for the office staff
 * (`showWho`), who added it.
 */
export function FilesSection({
  order,
  showWho = false,
  children,
}: {
  order: Pick<ShownOrder, 'files'>;
  showWho?: boolean;
  children?: ReactNode;
}) {
  if (order.files.length === 0 && !children) return null;
  return (
    <Section id="order-files" title="Файлы">
      {order.files.length > 0 ? (
        <ul className={styles.list}>
          {order.files.map((file) => (
            <li key={file.id}>
              <DownloadButton url={file.url} name={file.name} />{' '}
              <span className={page.muted}>({formatSize(file.size)})</span>
              {file.addedAt ? (
                <span className={page.muted}>
                  {' '}
                  — добавлен{showWho && file.addedByEmail ? ` клиентом ${file.addedByEmail}` : ''}{' '}
                  <time dateTime={file.addedAt}>{formatDateTime(file.addedAt)}</time>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </Section>
  );
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Байт`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(0)} КБ`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1).replace('.', ',')} МБ`;
  return `${(bytes / 1024 ** 3).toFixed(1).replace('.', ',')} ГБ`;
}
