/**
 * The app's entry: global styles, the router, and the shell's start-up duties — one reload for a
 * chunk lost to a deploy, the persistent-storage request, 401 redirects through the router, and,
 * when a session is stored, the session stores' own (staff role check, token refresh timer).
 */
import './ui/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { appApi } from './api/app-api';
import { readInitialAnswers } from './api/initial-answers';
import { hasStoredSession } from './api/tokens';
import { appDb } from './db/app-db';
import { STEP_ONE_PATH } from './domain/cache-bust';
import { isLegalPagePath } from './domain/legal-pages';
import { CABINET_LOGIN_PATH } from './domain/prerendered-paths';
import { isInstalledApp } from './features/landing/landing-environment';
import { reloadStepOneWithCacheBust } from './features/order-form/cache-bust';
import { readDraft, setFirstDraft } from './features/order-form/draft';
import { installChunkReloadGuard } from './features/shell/chunk-reload';
import { requestPersistentStorage } from './features/shell/persistent-storage';
import { type AppRouter, createAppRouter, loadAppSessions } from './router';

installChunkReloadGuard();
const reloading = reloadStepOneWithCacheBust(window.location, sessionStorage);

/** Resolves in a task of its own: the browser may paint and handle input before it goes on. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(undefined);
  });
}

/**
 * Evaluating the app's modules is one long task the browser cannot split; building the router
 * (every route of the app, ranked) is another ten to fifty milliseconds, so it runs in the next
 * task rather than lengthening that one. Then the page is rendered or hydrated in slices.
 */
async function start(root: HTMLElement): Promise<void> {
  await nextTask();
  const router = createAppRouter();
  appApi.setNavigate((href) => void router.history.push(href));
  requestPersistentStorage(navigator.storage, window, isInstalledApp());
  if (hasStoredSession()) void loadAppSessions();
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (root.dataset.prerendered === undefined) {
    renderInSlices(root, app);
    return;
  }
  // Should the step fail to load (a chunk lost to a deploy), the app starts as on any other page.
  await startPrerendered(root, router, app).catch(() => {
    root.removeAttribute('inert');
    renderInSlices(root, app);
  });
}

/** The prerendered page stays inert (server/http/prerendered-pages.ts) until the app's first commit. */
function TakeOver({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => container.removeAttribute('inert'), [container]);
  return children;
}

/**
 * A page the server prerendered (server/http/prerendered-pages.ts): first the page's chunks, the
 * catalogue the order form's step carries and its stored draft, so the app's first render is the
 * page already on screen. The step, the customer sign-in and the customer documents are rendered
 * for a visitor with no draft and no session: when this device's first render matches that, React hydrates the HTML,
 * keeping every node. A returning visitor's ticks differ from the step's empty draft, a signed-in
 * device has the bottom bar, a query changes the sign-in, and the cabinet's frame is rendered for
 * nobody in particular, so then the app renders afresh instead, replacing the page in one commit.
 */
async function startPrerendered(container: HTMLElement, router: AppRouter, app: ReactNode): Promise<void> {
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
    : search === '' && (pathname === CABINET_LOGIN_PATH || isLegalPagePath(pathname));
  if (!matches || hasStoredSession()) {
    renderInSlices(container, page);
    return;
  }
  // The router renders a page it hydrates as it rendered it on the server (no Suspense around the
  // root's matches): what TanStack's own hydration sets, without a dehydrated state to read.
  router.ssr = { manifest: undefined };
  // In a transition, hydration yields to the browser every few milliseconds like any concurrent
  // render; the page is already on screen and inert, so nothing waits for it to finish at once.
  startTransition(() => {
    hydrateRoot(container, page);
  });
}

/**
 * The first render as a transition: React works on it in slices of a few milliseconds between
 * which the browser paints and handles input, instead of one task of a hundred milliseconds and
 * more on a cheap phone (the page it replaces, prerendered or the boot bar, stays until it commits).
 */
function renderInSlices(container: HTMLElement, page: ReactNode): void {
  const reactRoot = createRoot(container);
  startTransition(() => reactRoot.render(page));
}

if (!reloading) {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  void start(root);
}
