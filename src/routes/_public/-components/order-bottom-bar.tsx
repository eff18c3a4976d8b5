/**
 * The bottom bar on public pages: only on the order form, and there only when a role or a cabinet
 * or general token is stored (docs/back-office-screens.md). The bar and its rules load only then,
 * so a first visit of the order form downloads neither.
 */
import { lazy, Suspense } from 'react';
import { storedSessionFacts } from '../../../api/tokens';
import { barShowsOnOrderForm } from '../../../features/navigation/order-form-bar';

const StoredSessionBottomBar = lazy(() =>
  import('../../../features/navigation/bottom-bar').then((module) => ({
    default: module.StoredSessionBottomBar,
  })),
);

/** The bar for the page, or null when it has none there. */
export function orderBottomBar(pathname: string) {
  const onOrderForm = pathname === '/order' || pathname.startsWith('/order/');
  if (!onOrderForm || !barShowsOnOrderForm(storedSessionFacts())) return null;
  return (
    <Suspense fallback={null}>
      <StoredSessionBottomBar pathname={pathname} />
    </Suspense>
  );
}
