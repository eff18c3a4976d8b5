/**
 * Pagination (docs/back-office-screens.md, widgets): shown only when there is more than one page.
 * «Назад», the pages around the current one with the first and the last always in reach, «Вперёд».
 * Pages count from 1.
 *
 *   <Pagination page={search.page} pageCount={answer.pageCount}
 *     onPageChange={(page) => navigate({ search: (s) => ({ ...s, page }) })} />
 */
import * as styles from './pagination.css';

export type PageItem = number | 'gap';

/** 1 … 4 5 6 … 20: the first, the last, the current with one neighbour each side; a gap of one page is shown as the page. */
export function pageItems(page: number, pageCount: number): PageItem[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const p of pages) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && p - previous === 2) items.push(p - 1);
    else if (typeof previous === 'number' && p - previous > 2) items.push('gap');
    items.push(p);
  }
  return items;
}

export interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark; several lists on one screen need different names. */
  label?: string;
}

export function Pagination({ page, pageCount, onPageChange, label = 'Страницы' }: PaginationProps) {
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(1, page), pageCount);
  return (
    <nav aria-label={label} className={styles.nav}>
      <button
        type="button"
        className={styles.step}
        disabled={current === 1}
        onClick={() => onPageChange(current - 1)}
      >
        <span aria-hidden="true">←</span> Назад
      </button>
      <ul className={styles.pages}>
        {pageItems(current, pageCount).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place.
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={styles.page}
                aria-label={`Страница ${item}`}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => onPageChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className={styles.step}
        disabled={current === pageCount}
        onClick={() => onPageChange(current + 1)}
      >
        Вперёд <span aria-hidden="true">→</span>
      </button>
    </nav>
  );
}
