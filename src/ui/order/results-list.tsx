/**
 * «Готовый перевод»: the files of the finished translation, by upload (when, and the bureau's note
 * with them), each downloadable. The cabinet shows them; the office's card adds who attached each
 * and, until the hand-over, a button to remove one.
 */
import type { ReactNode } from 'react';
import type { components } from '../../api/schema.gen';
import { formatDateTime } from '../../domain/format';
import * as page from '../page.css';
import { DownloadButton } from './download-button';
import { formatSize } from './order-sections';
import { results as styles } from './order-widgets.css';

export type OrderResult = components['schemas']['OrderResult'];

/** The files of one upload: attached at one moment with one note. */
function uploadsOf(results: readonly OrderResult[]) {
  const uploads: {
    key: string;
    addedAt: string;
    note: string | null;
    by: string | null;
    files: OrderResult[];
  }[] = [];
  for (const result of results) {
    const last = uploads.at(-1);
    if (last && last.addedAt === result.addedAt && last.note === result.note) last.files.push(result);
    else
      uploads.push({
        key: `${result.id}`,
        addedAt: result.addedAt,
        note: result.note,
        by: result.addedByEmail,
        files: [result],
      });
  }
  return uploads;
}

export interface ResultsListProps {
  results: readonly OrderResult[];
  /** What may be done with a file beside it (the office's card: remove it before the hand-over). */
  action?: (result: OrderResult) => ReactNode;
}

export function ResultsList({ results, action }: ResultsListProps) {
  return (
    <ul className={styles.uploads}>
      {uploadsOf(results).map((upload) => (
        <li key={upload.key} className={styles.upload}>
          <p className={page.muted}>
            Загружено <time dateTime={upload.addedAt}>{formatDateTime(upload.addedAt)}</time>
            {upload.by ? ` — ${upload.by}` : null}
          </p>
          {upload.note ? (
            <p className={styles.note}>
              <span className="visually-hidden">Комментарий бюро: </span>
              {upload.note}
            </p>
          ) : null}
          <ul className={styles.files}>
            {upload.files.map((result) => (
              <li key={result.id} className={styles.file}>
                <span className={styles.fileName}>
                  <DownloadButton url={result.url} name={result.name} />{' '}
                  <span className={page.muted}>({formatSize(result.size)})</span>
                </span>
                {action?.(result)}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
