/**
 * The order form's first step served as HTML with the step already in it: heading, progress, the
 * documents with their prices from the live catalogue, the languages and the price bar. A phone
 * on a slow network paints the step from this HTML while the app's JavaScript is still on its
 * way; the app then hydrates the same markup (src/prerender/order-step-one.tsx, src/main.tsx).
 *
 * The step is rendered with the build's server bundle (dist/ssr/) once per catalogue version (the
 * catalogue cache's ETag), so it is never older than the catalogue the API serves, and compressed
 * once per version too. The catalogue goes into the page as JSON as well: the app's first render
 * uses it, so that render matches the HTML. Anything missing or failing (no bundle, the database
 * down) falls back to the plain index.html, which loads the same step the usual way.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml } from '../mail/letter';
import type { CatalogueCache } from '../services/catalogue-cache';

/** What the bundle exports (src/prerender/order-step-one.tsx). */
interface PrerenderBundle {
  renderOrderStepOne(catalogue: unknown): Promise<{ html: string; title: string }>;
  FORM_PARAMS_PATH: string;
}

/** The build's folder for the server bundle (scripts/build/prerender-bundle.ts). */
export const PRERENDER_DIR = 'ssr';
export const PRERENDER_BUNDLE = join(PRERENDER_DIR, 'order-step-one.js');
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

export interface PrerenderedStep {
  /** The page for the current catalogue, or null to serve index.html instead. */
  page(): Promise<PrerenderedPage | null>;
}

/** JSON inside <script>: nothing in it may close the element or open a comment. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The built index.html with the step in its root, its title, and the answers as JSON. */
export function composePage(
  template: string,
  page: { html: string; title: string },
  answersJson: string,
): string | null {
  if (!ROOT.test(template)) return null;
  const data = `<script type="application/json" id="${ANSWERS_ID}">${scriptSafe(answersJson)}</script>`;
  return template
    .replace(TITLE, () => `<title>${escapeHtml(page.title)}</title>`)
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

export function createPrerenderedStep({
  staticDir,
  catalogue,
  log,
}: {
  staticDir: string;
  catalogue: CatalogueCache;
  log: FastifyBaseLogger;
}): PrerenderedStep {
  const bundlePath = join(staticDir, PRERENDER_BUNDLE);
  const indexPath = join(staticDir, 'index.html');
  let bundle: Promise<PrerenderBundle> | undefined;
  let rendered: { etag: string; page: Promise<PrerenderedPage | null> } | undefined;
  let failedOnce = false;

  async function render(json: string): Promise<PrerenderedPage | null> {
    bundle ??= import(pathToFileURL(bundlePath).href) as Promise<PrerenderBundle>;
    const { renderOrderStepOne, FORM_PARAMS_PATH } = await bundle;
    const page = await renderOrderStepOne(JSON.parse(json));
    const answers = `{${JSON.stringify(FORM_PARAMS_PATH)}:{"value":${json}}}`;
    const html = composePage(readFileSync(indexPath, 'utf8'), page, answers);
    return html === null ? null : encoded(html);
  }

  return {
    async page() {
      if (!existsSync(bundlePath)) return null;
      try {
        const { json, etag } = await catalogue.formParams();
        if (rendered?.etag !== etag) rendered = { etag, page: render(json) };
        return await rendered.page;
      } catch (error) {
        // Said once per process, not per visitor: the plain app shell still serves the step.
        if (!failedOnce) log.warn({ err: error }, 'order step 1 not prerendered, serving index.html');
        failedOnce = true;
        rendered = undefined;
        return null;
      }
    },
  };
}
