/**
 * The app's entry, with React's renderer, the router and the shell in one file (vite.config.ts
 * says why one). Before anything else it keeps its two duties: one reload for a chunk lost to a
 * deploy, and the order form's cache-busting reload. The router is built in a task after the
 * entry's evaluation (app-start.tsx), the page's own chunks load in another (router.load), and
 * the first render, hydration or fresh, is a transition React works on in slices of a few
 * milliseconds.
 */
import './ui/global.css';
import { type ReactNode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { prepareApp } from './app-start';
import { reloadStepOneWithCacheBust } from './features/order-form/cache-bust';
import { installChunkReloadGuard } from './features/shell/chunk-reload';
import { nextTask } from './features/shell/next-task';

installChunkReloadGuard();
const reloading = reloadStepOneWithCacheBust(window.location, sessionStorage);

/** The prerendered page stays inert (server/http/prerendered-pages.ts) until the app's first commit. */
function TakeOver({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => container.removeAttribute('inert'), [container]);
  return children;
}

/**
 * The first render as a transition: React works on it in slices of a few milliseconds between
 * which the browser paints and handles input, instead of one task of a hundred milliseconds and
 * more on a cheap phone (the page it replaces, prerendered or the boot bar, stays until it commits).
 * In a transition, hydration yields to the browser the same way; a prerendered page is already on
 * screen and inert, so nothing waits for it to finish at once.
 */
function mount(container: HTMLElement, app: ReactNode, hydrate: boolean): void {
  const page =
    container.dataset.prerendered === undefined ? app : <TakeOver container={container}>{app}</TakeOver>;
  startTransition(() => {
    if (hydrate) hydrateRoot(container, page);
    else createRoot(container).render(page);
  });
}

async function start(container: HTMLElement): Promise<void> {
  await nextTask();
  const { app, hydrate } = await prepareApp(container);
  mount(container, app, hydrate);
}

if (!reloading) {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  void start(root);
}
