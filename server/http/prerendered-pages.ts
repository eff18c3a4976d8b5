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
 * version (the catalogue cache's ETag), so it is never older than the catalogue the API serves;
 * the customer documents whenever their answer changes; the others, in which nothing changes,
 * by the build itself (scripts/build/prerender-bundle.ts
 * writes them beside the bundle), so the server only reads them, or renders them once when an
 * older build has no such file. Each is compressed once. A page whose
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

/**
 * The pages with nothing variable in them, by address (without a query): their render, and the
 * file in the build's server folder that holds them rendered.
 */
export const FIXED_PAGES = {
  [CABINET_LOGIN_PATH]: { render: 'renderCabinetLogin', file: 'cabinet-login.html' },
  [CABINET_ORDERS_PATH]: { render: 'renderCabinetOrders', file: 'cabinet-orders.html' },
  [TRACK_PATH]: { render: 'renderTrack', file: 'track.html' },
} as const satisfies Record<string, { render: keyof PrerenderBundle; file: string }>;
type FixedPath = keyof typeof FIXED_PAGES;

/** The build's folder for the server bundle (scripts/build/prerender-bundle.ts). */
export const PRERENDER_DIR = 'ssr';
export const PRERENDER_BUNDLE = join(PRERENDER_DIR, 'pages.js');
/**
 * The JavaScript each page preloads besides what index.html does (its route's chunks), and the id
 * of the template of app scripts the links go into (scripts/build/scripts-after-paint.ts).
 */
export const PAGE_PRELOADS = join(PRERENDER_DIR, 'page-preloads.json');
/** Where the build keeps a fixed page, rendered and put into index.html. */
export const fixedPageFile = (staticDir: string, path: FixedPath) =>
  join(staticDir, PRERENDER_DIR, FIXED_PAGES[path].file);
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

/** Module preloads for a page: the script paths, and the id of the template they go into. */
export interface Preloads {
  template: string;
  scripts: string[];
}

/** The built index.html with the page in its root, its title, and the answers as JSON. */
export function composePage(
  template: string,
  page: { html: string; title: string },
  answersJson: string,
  stylesheets: string[] = [],
  preloads?: Preloads,
): string | null {
  if (!ROOT.test(template)) return null;
  const data = `<script type="application/json" id="${ANSWERS_ID}">${scriptSafe(answersJson)}</script>`;
  const links = stylesheets
    .map((path) => `<link rel="stylesheet" crossorigin href="${escapeHtml(path)}">`)
    .join('');
  const scriptsTemplate = preloads ? `<template id="${preloads.template}">` : '';
  const modules = (preloads?.scripts ?? [])
    .map((path) => `\n    <link rel="modulepreload" crossorigin href="${escapeHtml(path)}">`)
    .join('');
  return template
    .replace(TITLE, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', () => `${links}</head>`)
    .replace(scriptsTemplate, () =>
      scriptsTemplate && modules ? `${scriptsTemplate}${modules}` : scriptsTemplate,
    )
    .replace(
      ROOT,
      // inert until the app has taken the page over (src/main.tsx): a tick or a keystroke made
      // before then would show in the page but never reach the app's draft.
      (_match, noscript: string) =>
        `<div id="root" data-prerendered="" inert>${page.html}</div>\n    ${data}${noscript}`,
    );
}

/**
 * A page rendered by the bundle and put into the build's index.html, with the stylesheets its
 * classes need: null when the template has no root to put it in.
 */
async function composeRendered(
  staticDir: string,
  path: string,
  make: () => Promise<[Rendered, string]>,
): Promise<string | null> {
  const [page, answers] = await make();
  const template = readFileSync(join(staticDir, 'index.html'), 'utf8');
  const links = stylesheetsFor(page.html, template, readStylesheets(staticDir));
  return composePage(template, page, answers, links, pagePreloads(staticDir, path));
}

/** The build's preloads of the page at `path`; none from a build that lists none. */
function pagePreloads(staticDir: string, path: string): Preloads | undefined {
  try {
    const listed = JSON.parse(readFileSync(join(staticDir, PAGE_PRELOADS), 'utf8')) as {
      template: string;
      pages: Record<string, string[]>;
    };
    return { template: listed.template, scripts: listed.pages[path] ?? [] };
  } catch {
    return undefined;
  }
}

/** A fixed page's whole HTML, from the build in `staticDir` and its bundle's exports. */
export function renderFixedPage(
  staticDir: string,
  bundle: Pick<PrerenderBundle, 'renderCabinetLogin' | 'renderCabinetOrders' | 'renderTrack'>,
  path: FixedPath,
): Promise<string | null> {
  return composeRendered(staticDir, path, async () => [await bundle[FIXED_PAGES[path].render](), '{}']);
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
  let bundle: Promise<PrerenderBundle> | undefined;
  let stepOne: { etag: string; page: Promise<PrerenderedPage | null> } | undefined;
  const fixed = new Map<string, Promise<PrerenderedPage | null>>();
  const documents = new Map<LegalDocumentKind, { json: string; page: Promise<PrerenderedPage | null> }>();
  const failedOnce = new Set<string>();

  const loadBundle = () => {
    bundle ??= import(pathToFileURL(bundlePath).href) as Promise<PrerenderBundle>;
    return bundle;
  };

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
          const page = composeRendered(staticDir, STEP_ONE_PATH, async () => {
            const { renderOrderStepOne, FORM_PARAMS_PATH } = await loadBundle();
            return [
              await renderOrderStepOne(JSON.parse(json)),
              `{${JSON.stringify(FORM_PARAMS_PATH)}:{"value":${json}}}`,
            ];
          }).then((html) => (html === null ? null : encoded(html)));
          stepOne = { etag, page };
        }
        return stepOne.page;
      },
      () => {
        stepOne = undefined;
      },
    );

  /** The build's file of a fixed page, read and compressed now: the first visitor waits for nothing. */
  for (const path of Object.keys(FIXED_PAGES) as FixedPath[]) {
    const file = fixedPageFile(staticDir, path);
    if (existsSync(file)) fixed.set(path, Promise.resolve(encoded(readFileSync(file, 'utf8'))));
  }

  const renderFixed = (path: FixedPath) =>
    orIndex(
      path,
      () => {
        let page = fixed.get(path);
        if (!page) {
          page = loadBundle()
            .then((exports) => renderFixedPage(staticDir, exports, path))
            .then((html) => (html === null ? null : encoded(html)));
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
        const page = composeRendered(staticDir, path, async () => {
          const exports = await loadBundle();
          return [
            await exports.renderLegalDocument(kind, JSON.parse(json)),
            `{${JSON.stringify(exports.legalAnswerKey(kind))}:{"value":${json}}}`,
          ];
        }).then((html) => (html === null ? null : encoded(html)));
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
      if (query === -1 && Object.hasOwn(FIXED_PAGES, url)) return renderFixed(url as FixedPath);
      const kind = query === -1 ? LEGAL_KIND_BY_PATH.get(url) : undefined;
      if (kind && legal) return renderLegal(url, kind, legal);
      return undefined;
    },
  };
}
