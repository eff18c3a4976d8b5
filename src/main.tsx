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

/** The prerendered page stays inert (server/http/prerendered-step.ts) until the app's first commit. */
function TakeOver({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => container.removeAttribute('inert'), [container]);
  return children;
}

/**
 * A page the server prerendered (the order form's first step, server/http/prerendered-step.ts):
 * first the step's chunk, the catalogue the page carries and the stored draft, so the app's first
 * render is the page already on screen. With no draft yet, that render matches the HTML and React
 * hydrates it, keeping every node. A returning visitor's ticks differ from the HTML's empty draft,
 * and a signed-in device has the bottom bar, so then the app renders afresh instead, replacing the
 * page in one commit.
 */
async function startPrerendered(container: HTMLElement): Promise<void> {
  const page = <TakeOver container={container}>{app}</TakeOver>;
  readInitialAnswers(document);
  const [, draft] = await Promise.all([
    router.load(),
    Promise.resolve()
      .then(() => readDraft(appDb()))
      .catch(() => undefined),
  ]);
  setFirstDraft(draft ?? null);
  // What the server cannot know: this device's draft, and a session, which adds the bottom bar.
  if ((draft && Object.keys(draft.payload).length > 0) || hasStoredSession()) {
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
