import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import {
  isForcePwaStored,
  isInstalledApp,
  readLandingSession,
} from '../../features/landing/landing-environment';
import { landingTarget } from '../../features/landing/landing-target';
import * as page from '../../ui/page.css';
import { queryText } from '../-shared/search';

export const Route = createFileRoute('/_public/')({
  validateSearch: v.object({ pwa: queryText, hash: queryText, email: queryText }),
  beforeLoad: ({ search, preload }) => {
    if (preload) return;
    const target = landingTarget({
      installed: isInstalledApp(),
      forcePwa: isForcePwaStored(),
      search,
      session: readLandingSession(),
    });
    if (target.kind === 'browser') {
      window.location.replace(target.href);
      return;
    }
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
