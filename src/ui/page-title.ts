/**
 * Page titles, one mechanism for every route: TanStack Router's `head` (rendered by <RouteTitle />,
 * routes/-components/route-title.tsx, in the root route; the deepest match's title wins). In a route file:
 *
 *   export const Route = createFileRoute('/cabinet/invoices')({
 *     head: () => pageHead('Счета'),
 *     component: ...,
 *   });
 *
 * Titles read «<Page> — Бюро переводов», so tabs and history entries tell pages apart.
 */
import { useEffect } from 'react';

export const PRODUCT_NAME = 'Бюро переводов';

export function pageTitle(page: string): string {
  return `${page} — ${PRODUCT_NAME}`;
}

/** The value a route's `head` returns. */
export function pageHead(page: string) {
  return { meta: [{ title: pageTitle(page) }] };
}

/**
 * A title the route's `head` cannot know before the page's data arrives (an order's number,
 * not its id in the address). Set once the value is known; the route's own title stays until
 * then, and the next route's `head` replaces it as usual.
 */
export function useRefinedPageTitle(page: string | undefined): void {
  useEffect(() => {
    if (page !== undefined) document.title = pageTitle(page);
  }, [page]);
}
