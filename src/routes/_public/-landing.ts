/**
 * Where the landing sends a visitor (docs/back-office-screens.md), loaded only when the landing
 * opens: the decision stays out of the entry chunk every screen, /order/step-1 included, downloads
 * first.
 */
import { redirect } from '@tanstack/react-router';
import { isForcePwaStored, isInstalledApp } from '../../features/landing/landing-environment';
import { landingTarget, ORDER_FORM_HREF, opensInApp } from '../../features/landing/landing-target';
import { landingSession } from '../-shared/guards';
import type { RouterContext } from '../-shared/router-context';

export async function goFromLanding(search: Record<string, string | undefined>, context: RouterContext) {
  const environment = { installed: isInstalledApp(), forcePwa: isForcePwaStored(), search };
  if (!opensInApp(environment)) {
    window.location.replace(ORDER_FORM_HREF);
    return;
  }
  const target = landingTarget({ ...environment, session: await landingSession(context) });
  if (target.kind === 'browser') return;
  if (target.to === '/cabinet-login') throw redirect({ to: target.to, search: target.search, replace: true });
  throw redirect({ to: target.to, replace: true });
}
