/**
 * The pages the server sends as HTML with their first screen already in them
 * (server/http/prerendered-pages.ts), so a phone paints them before any of the app's JavaScript
 * has arrived: the order form's first step, with the live catalogue, the customer sign-in, the
 * frame of the customer's orders, the tracking form, and the customer documents (/consent,
 * /privacy, /offer) with their current text. The same router and components as the app; the first two
 * for a visitor with no draft and no session, so the app's first render (src/main.tsx) matches
 * the HTML and React hydrates it.
 *
 * Built by Vite as a separate server bundle (vite.config.ts, dist/ssr/).
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createApi } from '../api/client';
import { DataLayerContext } from '../api/data-layer';
import { initialAnswerKey, setInitialAnswer } from '../api/initial-answers';
import { memoryStore } from '../api/local-store';
import { SESSION_KEYS } from '../api/tokens';
import { stableStringify } from '../db/cache';
import { AppDatabase } from '../db/schema';
import { STEP_ONE_PATH } from '../domain/cache-bust';
import { LEGAL_DOCUMENT_PATHS, type LegalDocumentKind } from '../domain/legal-pages';
import { CABINET_LOGIN_PATH, CABINET_ORDERS_PATH, TRACK_PATH } from '../domain/prerendered-paths';
import { setFirstDraft } from '../features/order-form/draft';
import { createSessions } from '../features/session/sessions';
import { SessionsContext } from '../features/session/use-session';
import { createAppRouter } from '../router';

export const FORM_PARAMS_PATH = '/api/order/form-params';

export interface PrerenderedPage {
  /** The markup for the app's root element. */
  html: string;
  /** The page's title, as the route's head gives it. */
  title: string;
}

/**
 * Renders the app at `path` with `stored` as the browser's storage (nobody signed in, by default). `beforeRender` runs right before
 * the synchronous render, so two renders never see each other's module state (the catalogue).
 */
async function renderAt(
  path: string,
  beforeRender: () => void = () => {},
  stored: Record<string, string> = {},
): Promise<PrerenderedPage> {
  // Hooks read no browser state on the server: the address is the page's, the storage is memory,
  // and the database is never opened (effects do not run in a server render).
  const api = createApi({ location: () => ({ pathname: path, search: '' }), store: memoryStore() });
  const sessions = createSessions({ api, store: memoryStore(stored), target: null });
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [path] }),
    sessions: () => Promise.resolve(sessions),
  });
  await router.load();
  beforeRender();
  // A provider adds no markup.
  let html = renderToString(
    <StrictMode>
      <SessionsContext.Provider value={sessions}>
        <DataLayerContext.Provider value={{ api, db: new AppDatabase() }}>
          <RouterProvider router={router} />
        </DataLayerContext.Provider>
      </SessionsContext.Provider>
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

/** Step 1 for a visitor with no draft yet; `catalogue` is the form-params answer. */
export function renderOrderStepOne(catalogue: unknown): Promise<PrerenderedPage> {
  return renderAt(STEP_ONE_PATH, () => {
    setInitialAnswer(FORM_PARAMS_PATH, { value: catalogue });
    setFirstDraft(null);
  });
}

/** The customer sign-in: its heading, its explanation and the email field. */
export function renderCabinetLogin(): Promise<PrerenderedPage> {
  return renderAt(CABINET_LOGIN_PATH);
}

/** The tracking form (/track): its heading, explanation and the two fields. */
export function renderTrack(): Promise<PrerenderedPage> {
  return renderAt(TRACK_PATH);
}

/**
 * The frame of the customer's orders, for a signed-in customer the server knows nothing of: the
 * cabinet's header, menu and bottom bar, the heading, the status filter and «Загружаем заказы…».
 * The app renders the page afresh over it (src/main.tsx), with the customer's email and orders.
 */
export function renderCabinetOrders(): Promise<PrerenderedPage> {
  const keys = SESSION_KEYS.cabinet;
  return renderAt(CABINET_ORDERS_PATH, undefined, {
    [keys.token]: 'prerendered',
    [keys.authStatus]: 'AUTHORIZED',
    [keys.role]: 'USER',
  });
}

/** Where a customer document's answer goes in the page's JSON (the key use-cached-query reads). */
export const legalAnswerKey = (kind: LegalDocumentKind) =>
  initialAnswerKey('/api/legal/{kind}', stableStringify({ path: { kind } }));

/**
 * A customer document (/consent, /privacy, /offer) for a visitor with no session: its title, the
 * version and its text; `document` is GET /api/legal/{kind}'s answer.
 */
export function renderLegalDocument(kind: LegalDocumentKind, document: unknown): Promise<PrerenderedPage> {
  return renderAt(LEGAL_DOCUMENT_PATHS[kind], () =>
    setInitialAnswer(legalAnswerKey(kind), { value: document }),
  );
}
