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
 * The public pages' layout (the order form's steps, the sign-in) and the app's start
 * (src/app-start.tsx; part of the entry while vite.config.ts keeps it there) are chunks the entry
 * and the router ask for only once the entry has run, one more round trip each on a slow network
 * before the app can take the page over: they join the preloads, with the chunks they import. A preload fetches; nothing runs
 * until the app imports it. The route chunks of each page the server prerenders are listed for it
 * alone (`pagePreloads`, written beside the server bundle by prerender-bundle.ts): the server puts
 * them into that page's template, so the order form's step does not fetch the cabinet's code.
 *
 * The tags keep their form inside the template, so whatever reads the entry from the HTML
 * (sw/url-rules.ts, scripts/size.mjs) still finds it. The loader's text is fixed and the server's
 * Content-Security-Policy allows it by its hash, read from the built HTML
 * (server/http/security-headers.ts).
 */
import type { Plugin } from 'vite';
import { STEP_ONE_PATH } from '../../src/domain/cache-bust';
import { LEGAL_DOCUMENT_PATHS } from '../../src/domain/legal-pages';
import { CABINET_LOGIN_PATH, CABINET_ORDERS_PATH, TRACK_PATH } from '../../src/domain/prerendered-paths';

/** Chunks every page customers land on needs: the app's start and the public layout's component. */
const LANDING_CHUNKS = /\/src\/(app-start\.tsx$|routes\/_public\.tsx\?tsr-split)/;

/** The route chunks of each prerendered page, by its address. */
const PAGE_ROUTE_CHUNKS: Record<string, RegExp> = {
  [STEP_ONE_PATH]: /\/src\/routes\/_public\/order\/step-1\.tsx\?tsr-split/,
  [CABINET_LOGIN_PATH]: /\/src\/routes\/_public\/cabinet-login\.tsx\?tsr-split/,
  [CABINET_ORDERS_PATH]: /\/src\/routes\/(cabinet|cabinet\/orders\/index)\.tsx\?tsr-split/,
  [TRACK_PATH]: /\/src\/routes\/_public\/track\.\{-\$token\}\.tsx\?tsr-split/,
  [LEGAL_DOCUMENT_PATHS.consent]: /\/src\/routes\/_public\/consent\.tsx\?tsr-split/,
  [LEGAL_DOCUMENT_PATHS.privacy]: /\/src\/routes\/_public\/privacy\.tsx\?tsr-split/,
  [LEGAL_DOCUMENT_PATHS.offer]: /\/src\/routes\/_public\/offer\.tsx\?tsr-split/,
};

/** What a prerendered page preloads besides the template's own: the page's chunks, by address. */
export interface PagePreloads {
  /** The id of the template the links go into. */
  template: string;
  pages: Record<string, string[]>;
}

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
    // One tag per task, the entry's script first: each insertion starts a request, a few
    // milliseconds of the main thread on a cheap phone, and a page's dozen preloads in one go
    // made one long task of them.
    const tags = [...document.getElementById('${APP_SCRIPTS_ID}').content.children].sort(
      (a, b) => Number(b.tagName === 'SCRIPT') - Number(a.tagName === 'SCRIPT'),
    );
    const next = () => {
      const tag = tags.shift();
      if (!tag) return;
      document.head.append(document.importNode(tag, true));
      setTimeout(next, 0);
    };
    next();
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

/** `pagePreloads` is filled with the prerendered pages' own preloads once the app is built. */
export function scriptsAfterPaint(
  pagePreloads: PagePreloads = { template: APP_SCRIPTS_ID, pages: {} },
): Plugin {
  return {
    name: 'perevod:scripts-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const tags = APP_SCRIPT_TAGS.exec(html)?.[0];
        if (!tags) throw new Error('scripts-after-paint: index.html has no module entry script');
        const chunks = new Map(
          Object.values(bundle ?? {}).flatMap((output) =>
            output.type === 'chunk' ? [[output.fileName, output]] : [],
          ),
        );
        const landing = [...chunks.values()].filter((chunk) =>
          chunk.moduleIds.some((id) => LANDING_CHUNKS.test(id)),
        );
        const landingModules = landing.flatMap((chunk) =>
          chunk.moduleIds.filter((id) => LANDING_CHUNKS.test(id)),
        );
        if (
          !landingModules.some((id) => id.endsWith('app-start.tsx')) ||
          !landingModules.some((id) => id.includes('_public.tsx'))
        )
          throw new Error('scripts-after-paint: no chunk of the app start or the public layout');
        // With what they import, less what the entry's own tags already ask for.
        const withImports = (from: string[], except: Set<string>) => {
          const wanted = new Set<string>();
          const add = (fileName: string) => {
            if (wanted.has(fileName) || except.has(fileName) || tags.includes(`/${fileName}"`)) return;
            wanted.add(fileName);
            for (const imported of chunks.get(fileName)?.imports ?? []) add(imported);
          };
          for (const fileName of from) add(fileName);
          return wanted;
        };
        const wanted = withImports(
          landing.map((chunk) => chunk.fileName),
          new Set(),
        );
        pagePreloads.template = APP_SCRIPTS_ID;
        for (const [path, route] of Object.entries(PAGE_ROUTE_CHUNKS)) {
          const own = [...chunks.values()].filter((chunk) => chunk.moduleIds.some((id) => route.test(id)));
          if (own.length === 0) throw new Error(`scripts-after-paint: no route chunk of ${path}`);
          pagePreloads.pages[path] = [
            ...withImports(
              own.map((chunk) => chunk.fileName),
              wanted,
            ),
          ].map((fileName) => `/${fileName}`);
        }
        const preloads = [...wanted]
          .map((fileName) => `    <link rel="modulepreload" crossorigin href="/${fileName}">`)
          .join('\n');
        return html.replace(
          tags,
          () =>
            `    <template id="${APP_SCRIPTS_ID}">\n${tags.trimEnd()}\n${preloads}\n    </template>\n` +
            `    <script>${SCRIPTS_AFTER_PAINT_LOADER}</script>\n`,
        );
      },
    },
  };
}
