import { createFileRoute } from '@tanstack/react-router';
import * as page from '../../ui/page.css';
import { pageHead } from '../../ui/page-title';
import { textSearch } from '../-shared/search';

// The landing of the installed app (docs/back-office-screens.md); a normal browser tab goes on to
// the order form.
export const Route = createFileRoute('/_public/')({
  head: () => pageHead('Приложение'),
  validateSearch: textSearch('pwa', 'hash', 'email'),
  beforeLoad: async ({ search, preload, context }) => {
    if (preload) return;
    const { goFromLanding } = await import('./-landing');
    await goFromLanding(search, context);
  },
  component: () => (
    <p role="status" className={page.muted}>
      Открываем форму заказа…
    </p>
  ),
});
