/**
 * Build step: index.html asks for the app's JavaScript only once the page has painted.
 *
 * Vite writes the entry as `<script type="module" src>` plus a `<link rel="modulepreload">` per
 * chunk it imports. Those start downloading as soon as the head is parsed, and from the service
 * worker's cache they are there at once, so their evaluation (a long task of 30–60 ms on a fast
 * desktop, four times that on a cheap phone) could run before the first frame. The page's first
 * screen is already in the HTML (prerendered, or the boot bar), so the tags move into an inert
 * <template id="app-scripts">, and a small inline script puts them into the head once the page
 * has painted (the first-contentful-paint entry), or at once where there is nothing to wait for:
 * a browser without paint timing, or a page opened in the background, which paints nothing; and
 * after 3 s whatever happened, so no browser's way of reporting paints can keep the app away.
 *
 * The public pages' layout (the order form's steps, the sign-in) is in the entry (vite.config.ts):
 * as a route chunk of its own, the router asked for it only once the entry had run, one more round
 * trip on a slow network before the app could take the page over. Should it become a route chunk
 * again, that chunk joins the preloads.
 *
 * The tags keep their form inside the template, so whatever reads the entry from the HTML
 * (sw/url-rules.ts, scripts/size.mjs) still finds it. The loader's text is fixed and the server's
 * Content-Security-Policy allows it by its hash, read from the built HTML
 * (server/http/security-headers.ts).
 */
import type { Plugin } from 'vite';

/** What every page customers land on needs at once: the public layout, in the entry or a route chunk. */
const LANDING_ROUTE = /\/src\/routes\/_public\.tsx(\?tsr-split|$)/;

const APP_SCRIPTS_ID = 'app-scripts';

const APP_SCRIPT_TAGS =
  /(?:[ \t]*<script type="module"[^>]*\ssrc="[^"]+"><\/script>\n?|[ \t]*<link rel="modulepreload"[^>]*>\n?)+/;

/**
 * Script elements cloned out of a template run when inserted: the parser never started them,
 * because the template's contents are not part of the page.
 */
const SCRIPTS_AFTER_PAINT_LOADER = `(() => {
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    const scripts = document.getElementById('${APP_SCRIPTS_ID}');
    document.head.append(document.importNode(scripts.content, true));
  };
  const paintTiming =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes || []).includes('paint');
  if (document.visibilityState !== 'visible' || !paintTiming) return load();
  document.addEventListener('visibilitychange', load, { once: true });
  setTimeout(load, 3000);
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    load();
  }).observe({ type: 'paint', buffered: true });
})();`;

export function scriptsAfterPaint(): Plugin {
  return {
    name: 'perevod:scripts-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const tags = APP_SCRIPT_TAGS.exec(html)?.[0];
        if (!tags) throw new Error('scripts-after-paint: index.html has no module entry script');
        const layoutChunks = Object.values(bundle ?? {}).filter(
          (output) => output.type === 'chunk' && output.moduleIds.some((id) => LANDING_ROUTE.test(id)),
        );
        if (layoutChunks.length === 0) throw new Error('scripts-after-paint: no chunk of the public layout');
        const preloads = layoutChunks
          .filter((chunk) => !(chunk.type === 'chunk' && chunk.isEntry))
          .map((chunk) => `    <link rel="modulepreload" crossorigin href="/${chunk.fileName}">\n`)
          .join('');
        return html.replace(
          tags,
          () =>
            `    <template id="${APP_SCRIPTS_ID}">\n${tags.trimEnd()}\n${preloads}    </template>\n` +
            `    <script>${SCRIPTS_AFTER_PAINT_LOADER}</script>\n`,
        );
      },
    },
  };
}
