/**
 * Pages served as HTML with their first screen already in them, so a phone on a slow network
 * paints them while the app's JavaScript is still on its way; the app then hydrates the same
 * markup (src/prerender/pages.tsx, src/main.tsx):
 * - the order form's first step: heading, progress, the documents with their prices from the
 *   live catalogue, the languages and the price bar;
 * - the customer sign-in (/cabinet-login without a query): heading, explanation, email field;
 * - the tracking form (/track): «Где мой заказ?», its explanation, the number and contact fields;
 * - the frame of the customer's orders (/cabinet/orders without a query): the cabinet's header,
 *   menu and bottom bar, the heading and «Загружаем заказы…». The server cannot know who is
 *   signed in (the session is in the browser's storage), so the app renders this page afresh
 *   over the frame, with the customer's email and orders, rather than hydrating it;
 * - the customer documents (/consent, /privacy, /offer without a query): the version in force with
 *   the operator's details, rendered again whenever the document's answer changes (a new version
 *   published, the operator's details edited), so the HTML never shows an outdated text.
 *
 * The pages are rendered with the build's server bundle (dist/ssr/): the step once per catalogue
 * version (the catalogue cache's ETag), so it is never older than the catalogue the API serves,
 * the others once per process (nothing in them changes), each compressed once too. A page whose
 * classes are not all in index.html's inline styles links the build's stylesheets that have them
 * (the cabinet's bottom bar and menu), so the frame is painted styled. The catalogue
 * goes into the step's page as JSON as well: the app's first render uses it, so that render
 * matches the HTML. Anything missing or failing (no bundle, the database down) falls back to the
 * plain index.html, which loads the same page the usual way.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { STEP_ONE_PATH } from '../../src/domain/cache-bust';
import {
  LEGAL_DOCUMENT_KINDS,
  LEGAL_DOCUMENT_PATHS,
  type LegalDocumentKind,
} from '../../src/domain/legal-pages';
import { CABINET_LOGIN_PATH, CABINET_ORDERS_PATH, TRACK_PATH } from '../../src/domain/prerendered-paths';
import { escapeHtml } from '../mail/letter';

type Rendered = { html: string; title: string };

/** What the bundle exports (src/prerender/pages.tsx). */
interface PrerenderBundle {
  renderOrderStepOne(catalogue: unknown): Promise<Rendered>;
  renderCabinetLogin(): Promise<Rendered>;
  renderCabinetOrders(): Promise<Rendered>;
  renderLegalDocument(kind: LegalDocumentKind, document: unknown): Promise<Rendered>;
  legalAnswerKey(kind: LegalDocumentKind): string;
  renderTrack(): Promise<Rendered>;
  FORM_PARAMS_PATH: string;
}

/** The pages with nothing variable in them, by address (without a query), and their render. */
const FIXED_PAGES = {
  [CABINET_LOGIN_PATH]: 'renderCabinetLogin',
  [CABINET_ORDERS_PATH]: 'renderCabinetOrders',
  [TRACK_PATH]: 'renderTrack',
} as const satisfies Record<string, keyof PrerenderBundle>;

/** The build's folder for the server bundle (scripts/build/prerender-bundle.ts). */
export const PRERENDER_DIR = 'ssr';
export const PRERENDER_BUNDLE = join(PRERENDER_DIR, 'pages.js');
/** The id of the JSON block the app reads (src/api/initial-answers.ts). */
const ANSWERS_ID = 'initial-answers';
const ROOT = /<div id="root">[\s\S]*?<\/div>(\s*<noscript>)/;
const TITLE = /<title>[^<]*<\/title>/;

/** The page in each encoding the server sends, made once per catalogue version. */
export interface PrerenderedPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

export interface PrerenderedPages {
  /**
   * The page for an address (path and query as requested): undefined when the address has no
   * prerendered page, null when it has one but it cannot be made now (index.html then).
   */
  page(url: string): Promise<PrerenderedPage | null> | undefined;
}

/** JSON inside <script>: nothing in it may close the element or open a comment. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The build's stylesheets (their paths from the site's root) that style `html` beyond what the
 * template's inline styles do: each file whose class selectors include one of the page's classes
 * that the template lacks. vanilla-extract's class names are unique per source file, so a class
 * is in one stylesheet only.
 */
export function stylesheetsFor(
  html: string,
  template: string,
  stylesheets: Record<string, string>,
): string[] {
  const classes = new Set(
    [...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) =>
      (match[1] ?? '').split(/\s+/).filter(Boolean),
    ),
  );
  const missing = [...classes].filter((name) => !template.includes(`.${name}`));
  return Object.entries(stylesheets)
    .filter(([, css]) => missing.some((name) => new RegExp(`\\.${name}(?![\\w-])`).test(css)))
    .map(([path]) => path);
}

/** The built index.html with the page in its root, its title, and the answers as JSON. */
export function composePage(
  template: string,
  page: { html: string; title: string },
  answersJson: string,
  stylesheets: string[] = [],
): string | null {
  if (!ROOT.test(template)) return null;
  const data = `<script type="application/json" id="${ANSWERS_ID}">${scriptSafe(answersJson)}</script>`;
  const links = stylesheets
    .map((path) => `<link rel="stylesheet" crossorigin href="${escapeHtml(path)}">`)
    .join('');
  return template
    .replace(TITLE, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', () => `${links}</head>`)
    .replace(
      ROOT,
      // inert until the app has taken the page over (src/main.tsx): a tick or a keystroke made
      // before then would show in the page but never reach the app's draft.
      (_match, noscript: string) =>
        `<div id="root" data-prerendered="" inert>${page.html}</div>\n    ${data}${noscript}`,
    );
}

function encoded(html: string): PrerenderedPage {
  const bytes = Buffer.from(html);
  return {
    html: bytes,
    br: brotliCompressSync(bytes, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    gzip: gzipSync(bytes, { level: 9 }),
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
  };
}

/** The build's stylesheets under assets/, by path from the site's root. */
function readStylesheets(staticDir: string): Record<string, string> {
  const folder = join(staticDir, 'assets');
  if (!existsSync(folder)) return {};
  return Object.fromEntries(
    readdirSync(folder)
      .filter((name) => name.endsWith('.css'))
      .map((name) => [`/assets/${name}`, readFileSync(join(folder, name), 'utf8')]),
  );
}

/**
 * Where the pages read the public catalogue: the app passes the context's catalogue cache
 * (services/catalogue/catalogue-cache.ts), so the step is drawn with the JSON and ETag the API
 * serves. Named here by shape: the HTTP layer does not import services.
 */
export interface CatalogueSource {
  formParams(): Promise<{ json: string; etag: string }>;
}

/** Where the pages read a customer document: GET /api/legal/{kind}'s answer as JSON (app.ts). */
export interface LegalDocumentSource {
  document(kind: LegalDocumentKind): Promise<string>;
}

const LEGAL_KIND_BY_PATH = new Map<string, LegalDocumentKind>(
  LEGAL_DOCUMENT_KINDS.map((kind) => [LEGAL_DOCUMENT_PATHS[kind], kind]),
);

export function createPrerenderedPages({
  staticDir,
  catalogue,
  legal,
  log,
}: {
  staticDir: string;
  catalogue: CatalogueSource;
  legal?: LegalDocumentSource;
  log: FastifyBaseLogger;
}): PrerenderedPages {
  const bundlePath = join(staticDir, PRERENDER_BUNDLE);
  const indexPath = join(staticDir, 'index.html');
  let bundle: Promise<PrerenderBundle> | undefined;
  let stepOne: { etag: string; page: Promise<PrerenderedPage | null> } | undefined;
  const fixed = new Map<string, Promise<PrerenderedPage | null>>();
  const documents = new Map<LegalDocumentKind, { json: string; page: Promise<PrerenderedPage | null> }>();
  const failedOnce = new Set<string>();

  async function render(make: (bundle: PrerenderBundle) => Promise<[Rendered, string]>) {
    bundle ??= import(pathToFileURL(bundlePath).href) as Promise<PrerenderBundle>;
    const [page, answers] = await make(await bundle);
    const template = readFileSync(indexPath, 'utf8');
    const links = stylesheetsFor(page.html, template, readStylesheets(staticDir));
    const html = composePage(template, page, answers, links);
    return html === null ? null : encoded(html);
  }

  /** `attempt`'s page; on failure null (index.html), said once per page and process, not per visitor. */
  async function orIndex(path: string, attempt: () => Promise<PrerenderedPage | null>, forget: () => void) {
    if (!existsSync(bundlePath)) return null;
    try {
      return await attempt();
    } catch (error) {
      if (!failedOnce.has(path)) log.warn({ err: error }, `${path} not prerendered, serving index.html`);
      failedOnce.add(path);
      forget();
      return null;
    }
  }

  const renderStepOne = () =>
    orIndex(
      STEP_ONE_PATH,
      async () => {
        const { json, etag } = await catalogue.formParams();
        if (stepOne?.etag !== etag) {
          const page = render(async ({ renderOrderStepOne, FORM_PARAMS_PATH }) => [
            await renderOrderStepOne(JSON.parse(json)),
            `{${JSON.stringify(FORM_PARAMS_PATH)}:{"value":${json}}}`,
          ]);
          stepOne = { etag, page };
        }
        return stepOne.page;
      },
      () => {
        stepOne = undefined;
      },
    );

  const renderFixed = (path: keyof typeof FIXED_PAGES) =>
    orIndex(
      path,
      () => {
        let page = fixed.get(path);
        if (!page) {
          page = render(async (exports) => [await exports[FIXED_PAGES[path]](), '{}']);
          fixed.set(path, page);
        }
        return page;
      },
      () => fixed.delete(path),
    );

  /** A customer document, rendered again only when its answer (text, version, operator) changed. */
  const renderLegal = (path: string, kind: LegalDocumentKind, source: LegalDocumentSource) =>
    orIndex(
      path,
      async () => {
        const json = await source.document(kind);
        const known = documents.get(kind);
        if (known?.json === json) return known.page;
        const page = render(async (exports) => [
          await exports.renderLegalDocument(kind, JSON.parse(json)),
          `{${JSON.stringify(exports.legalAnswerKey(kind))}:{"value":${json}}}`,
        ]);
        documents.set(kind, { json, page });
        return page;
      },
      () => documents.delete(kind),
    );

  return {
    page(url) {
      const query = url.indexOf('?');
      const pathname = query === -1 ? url : url.slice(0, query);
      // Step 1 with any query (the cache-busting one at least); the others for the bare address
      // alone, as a query changes them (an email's sign-in link, the orders' filters).
      if (pathname === STEP_ONE_PATH) return renderStepOne();
      if (query === -1 && Object.hasOwn(FIXED_PAGES, url))
        return renderFixed(url as keyof typeof FIXED_PAGES);
      const kind = query === -1 ? LEGAL_KIND_BY_PATH.get(url) : undefined;
      if (kind && legal) return renderLegal(url, kind, legal);
      return undefined;
    },
  };
}
