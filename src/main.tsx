/**
 * The app's entry: global styles, the router, and the shell's start-up duties — one reload for a
 * chunk lost to a deploy, the persistent-storage request, 401 redirects through the router, and,
 * when a session is stored, the session stores' own (staff role check, token refresh timer).
 */
import './ui/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { appApi } from './api/app-api';
import { readInitialAnswers } from './api/initial-answers';
import { hasStoredSession } from './api/tokens';
import { appDb } from './db/app-db';
import { STEP_ONE_PATH } from './domain/cache-bust';
import { CABINET_LOGIN_PATH } from './domain/prerendered-paths';
import { isInstalledApp } from './features/landing/landing-environment';
import { reloadStepOneWithCacheBust } from './features/order-form/cache-bust';
import { readDraft, setFirstDraft } from './features/order-form/draft';
import { installChunkReloadGuard } from './features/shell/chunk-reload';
import { requestPersistentStorage } from './features/shell/persistent-storage';
import { createAppRouter, loadAppSessions } from './router';

installChunkReloadGuard();
const reloading = reloadStepOneWithCacheBust(window.location, sessionStorage);

const router = createAppRouter();
appApi.setNavigate((href) => void router.history.push(href));
requestPersistentStorage(navigator.storage, window, isInstalledApp());
if (hasStoredSession()) void loadAppSessions();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

/** The prerendered page stays inert (server/http/prerendered-pages.ts) until the app's first commit. */
function TakeOver({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => container.removeAttribute('inert'), [container]);
  return children;
}

/**
 * A page the server prerendered (server/http/prerendered-pages.ts): first the page's chunks, the
 * catalogue the order form's step carries and its stored draft, so the app's first render is the
 * page already on screen. The step and the customer sign-in are rendered for a visitor with no
 * draft and no session: when this device's first render matches that, React hydrates the HTML,
 * keeping every node. A returning visitor's ticks differ from the step's empty draft, a signed-in
 * device has the bottom bar, a query changes the sign-in, and the cabinet's frame is rendered for
 * nobody in particular, so then the app renders afresh instead, replacing the page in one commit.
 */
async function startPrerendered(container: HTMLElement): Promise<void> {
  const page = <TakeOver container={container}>{app}</TakeOver>;
  const { pathname, search } = window.location;
  const onStepOne = pathname === STEP_ONE_PATH;
  readInitialAnswers(document);
  const [, draft] = await Promise.all([
    router.load(),
    onStepOne
      ? Promise.resolve()
          .then(() => readDraft(appDb()))
          .catch(() => undefined)
      : undefined,
  ]);
  if (onStepOne) setFirstDraft(draft ?? null);
  const matches = onStepOne
    ? !draft || Object.keys(draft.payload).length === 0
    : pathname === CABINET_LOGIN_PATH && search === '';
  if (!matches || hasStoredSession()) {
    createRoot(container).render(page);
    return;
  }
  // The router renders a page it hydrates as it rendered it on the server (no Suspense around the
  // root's matches): what TanStack's own hydration sets, without a dehydrated state to read.
  router.ssr = { manifest: undefined };
  hydrateRoot(container, page);
}

if (!reloading) {
  if (root.dataset.prerendered === undefined) createRoot(root).render(app);
  // Should the step fail to load (a chunk lost to a deploy), the app starts as on any other page.
  else
    startPrerendered(root).catch(() => {
      root.removeAttribute('inert');
      createRoot(root).render(app);
    });
}
