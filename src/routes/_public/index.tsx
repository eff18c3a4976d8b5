import { createFileRoute, redirect } from '@tanstack/react-router';
import { isForcePwaStored, isInstalledApp } from '../../features/landing/landing-environment';
import { landingTarget, ORDER_FORM_HREF, opensInApp } from '../../features/landing/landing-target';
import * as page from '../../ui/page.css';
import { pageHead } from '../../ui/page-title';
import { textSearch } from '../-shared/search';

// The landing of the installed app (spec 2); a normal browser tab goes on to the order form.
export const Route = createFileRoute('/_public/')({
  head: () => pageHead('Приложение'),
  validateSearch: textSearch('pwa', 'hash', 'email'),
  beforeLoad: async ({ search, preload, context }) => {
    if (preload) return;
    const environment = { installed: isInstalledApp(), forcePwa: isForcePwaStored(), search };
    if (!opensInApp(environment)) {
      window.location.replace(ORDER_FORM_HREF);
      return;
    }
    const { landingSession } = await import('../-shared/guards');
    const target = landingTarget({ ...environment, session: await landingSession(context) });
    if (target.kind === 'browser') return;
    if (target.to === '/cabinet-login')
      throw redirect({ to: target.to, search: target.search, replace: true });
    throw redirect({ to: target.to, replace: true });
  },
  component: () => (
    <p role="status" className={page.muted}>
      Открываем форму заказа…
    </p>
  ),
});
