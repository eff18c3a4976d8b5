/**
 * The order form's first step as HTML, rendered by the server (server/http/prerendered-step.ts)
 * with the live catalogue, so a phone paints the step before any of the app's JavaScript has
 * arrived. The same router and components as the app, at /order/step-1 with an empty draft: the
 * app's first render (src/main.tsx) matches it and React hydrates it.
 *
 * Built by Vite as a separate server bundle (vite.config.ts, dist/ssr/).
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createApi } from '../api/client';
import { DataLayerContext } from '../api/data-layer';
import { setInitialAnswer } from '../api/initial-answers';
import { memoryStore } from '../api/local-store';
import { AppDatabase } from '../db/schema';
import { STEP_ONE_PATH } from '../domain/cache-bust';
import { setFirstDraft } from '../features/order-form/draft';
import { createAppRouter } from '../router';

export const FORM_PARAMS_PATH = '/api/order/form-params';

export interface PrerenderedPage {
  /** The markup for the app's root element. */
  html: string;
  /** The page's title, as the route's head gives it. */
  title: string;
}

/** Renders step 1 for a visitor with no draft yet; `catalogue` is the form-params answer. */
export async function renderOrderStepOne(catalogue: unknown): Promise<PrerenderedPage> {
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [STEP_ONE_PATH] }),
    // Nobody is signed in on a prerendered page.
    sessions: () => Promise.reject(new Error('no sessions on the server')),
  });
  await router.load();
  // Set right before the synchronous render: two renders never see each other's catalogue.
  setInitialAnswer(FORM_PARAMS_PATH, { value: catalogue });
  setFirstDraft(null);
  // Hooks read no browser state on the server: the address is the step's, and the database is
  // never opened (effects do not run in a server render). A provider adds no markup.
  const layer = {
    api: createApi({ location: () => ({ pathname: STEP_ONE_PATH, search: '' }), store: memoryStore() }),
    db: new AppDatabase(),
  };
  let html = renderToString(
    <StrictMode>
      <DataLayerContext.Provider value={layer}>
        <RouterProvider router={router} />
      </DataLayerContext.Provider>
    </StrictMode>,
  );
  // The router's scroll-restoration script is for a page it will hydrate with its own state; the
  // app restores scrolling itself, and the CSP would refuse an inline script anyway.
  html = html.replace(/<script>[\s\S]*?<\/script>/g, '');
  // React writes the route's <title> into the markup; the page's <head> gets it instead.
  let title = '';
  html = html.replace(/<title>([^<]*)<\/title>/, (_tag, text: string) => {
    title = text;
    return '';
  });
  return { html, title };
}
