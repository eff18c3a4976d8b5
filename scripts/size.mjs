/**
 * `npm run size`: the JavaScript (and CSS) a first visit of /order/step-1 downloads, gzip, against
 * the budget of architecture.md (JS at most 150 kB gzip; maplibre-gl must not be part of it).
 *
 * Two measures:
 * - browser (the gate, when a Chromium exists): the real server serves dist/, Chromium opens
 *   /order/step-1 with service workers blocked (so the worker's background precache does not
 *   count) and every script and stylesheet response is summed — lazy chunks included;
 * - static (cross-check, the gate without a browser): dist/index.html's entry, modulepreloads and
 *   stylesheets, plus the step-1 route chunks and their static imports from dist/.vite/manifest.json
 *   when the build writes one (build.manifest: true).
 * Sizes are gzip at zlib's default level (the budget) and brotli at quality 11, as the build
 * precompresses them; 1 kB = 1000 bytes.
 * Usage: node scripts/size.mjs [--no-build] [--static-only]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { ROOT, startAppServer } from './app-server.mjs';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';

const BUDGET_JS_KB = 150;
const ROUTE = '/order/step-1';
const STEP_ONE_SOURCE = /src\/routes\/.*order\/step-1/;
const MAP_LIBRARY = /maplibre/i;
// E2E_DIST_DIR: the build `npm test` made for the browser suite, when it is not dist/.
const DIST = resolve(ROOT, process.env.E2E_DIST_DIR ?? 'dist');
const args = new Set(process.argv.slice(2));

const kb = (bytes) => (bytes / 1000).toFixed(1);
const gzipSize = (buffer) => gzipSync(buffer).length;
/** Brotli at the level the build's precompress step writes (.br beside each file, quality 11). */
const brotliSize = (buffer) =>
  brotliCompressSync(buffer, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** @typedef {{ file: string, kind: 'js' | 'css', raw: number, gzip: number, brotli: number }} Asset */

function build() {
  const result = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'vite'),
    ['build', '--logLevel', 'warn', '--outDir', DIST, '--emptyOutDir'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** @returns {Asset} */
function assetFromDist(path) {
  const buffer = readFileSync(join(DIST, path.replace(/^\//, '')));
  return {
    file: path.replace(/^\//, ''),
    kind: path.endsWith('.css') ? 'css' : 'js',
    raw: buffer.length,
    gzip: gzipSize(buffer),
    brotli: brotliSize(buffer),
  };
}

/** @returns {Asset[]} */
function staticMeasure() {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const files = new Set();
  for (const [, src] of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) files.add(src);
  for (const [, href] of html.matchAll(/<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g))
    files.add(href);
  for (const [, href] of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="(?:modulepreload|stylesheet)"/g))
    files.add(href);

  const manifestPath = join(DIST, '.vite', 'manifest.json');
  if (existsSync(manifestPath)) {
    /** @type {Record<string, { file: string, src?: string, imports?: string[], css?: string[] }>} */
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const visit = (key, seen = new Set()) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      files.add(`/${chunk.file}`);
      for (const css of chunk.css ?? []) files.add(`/${css}`);
      for (const imported of chunk.imports ?? []) visit(imported, seen);
    };
    const stepOne = Object.keys(manifest).filter((key) => STEP_ONE_SOURCE.test(key));
    if (stepOne.length === 0)
      console.warn(`size: no chunk for ${STEP_ONE_SOURCE} in dist/.vite/manifest.json`);
    for (const key of stepOne) visit(key);
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  } else {
    console.warn(
      'size: dist/.vite/manifest.json is absent (build.manifest is off): static measure = index.html only',
    );
  }
  return [...files].filter((file) => /\.(m?js|css)$/.test(file)).map(assetFromDist);
}

/** @returns {Promise<Asset[]>} */
async function browserMeasure(executablePath) {
  const { chromium } = await import('playwright-core');
  const server = await startAppServer({ staticDir: DIST });
  const profile = mkdtempSync(join(tmpdir(), 'perevod-size-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath,
      args: CHROMIUM_ARGS,
      headless: true,
      serviceWorkers: 'block',
      viewport: { width: 412, height: 860 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    /** @type {Map<string, Promise<Asset | null>>} */
    const seen = new Map();
    page.on('response', (response) => {
      const url = new URL(response.url());
      const type = response.request().resourceType();
      const isJs = type === 'script' || /\.m?js$/.test(url.pathname);
      const isCss = type === 'stylesheet' || url.pathname.endsWith('.css');
      if (!(isJs || isCss) || seen.has(url.pathname) || response.status() !== 200) return;
      seen.set(
        url.pathname,
        response.body().then(
          (body) => ({
            file: url.pathname.slice(1),
            kind: isCss ? 'css' : 'js',
            raw: body.length,
            gzip: gzipSize(body),
            brotli: brotliSize(body),
          }),
          () => null,
        ),
      );
    });
    // With the cache-busting query already there, the one reload of a direct visit does not discard
    // the bodies being measured; the assets are the same (the reload takes them from the cache).
    await page.goto(`${server.url}${ROUTE}?t=size`, { waitUntil: 'networkidle' });
    // The app may reload itself once with a cache-busting query (src/domain/cache-bust.ts): let it settle.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const heading = await page
      .getByRole('heading', { level: 1 })
      .first()
      .textContent({ timeout: 5000 })
      .catch(() => null);
    console.log(`size: ${page.url().replace(server.url, '')} rendered, h1: ${heading ?? '(none)'}`);
    await context.close();
    return (await Promise.all(seen.values())).filter((asset) => asset !== null);
  } finally {
    rmSync(profile, { recursive: true, force: true });
    await server.stop();
  }
}

function report(title, assets) {
  console.log(`\n${title}`);
  const sorted = [...assets].sort((a, b) => a.kind.localeCompare(b.kind) || b.gzip - a.gzip);
  for (const asset of sorted) {
    console.log(
      `  ${kb(asset.gzip).padStart(7)} kB gzip  ${kb(asset.brotli).padStart(7)} kB br  ${kb(asset.raw).padStart(7)} kB raw  ${asset.kind.padEnd(3)}  ${asset.file}`,
    );
  }
  const js = assets.filter((a) => a.kind === 'js').reduce((sum, a) => sum + a.gzip, 0);
  const css = assets.filter((a) => a.kind === 'css').reduce((sum, a) => sum + a.gzip, 0);
  const jsBrotli = assets.filter((a) => a.kind === 'js').reduce((sum, a) => sum + a.brotli, 0);
  const cssBrotli = assets.filter((a) => a.kind === 'css').reduce((sum, a) => sum + a.brotli, 0);
  console.log(
    `  JavaScript total: ${kb(js)} kB gzip, ${kb(jsBrotli)} kB brotli (budget ${BUDGET_JS_KB} kB gzip); CSS total: ${kb(css)} kB gzip, ${kb(cssBrotli)} kB brotli`,
  );
  return js;
}

if (!args.has('--no-build')) build();
if (!existsSync(join(DIST, 'index.html'))) {
  console.error('size: dist/index.html is missing: run `vite build` (or drop --no-build)');
  process.exit(1);
}

const staticAssets = staticMeasure();
const staticJs = report(`Static: dist/index.html + the ${ROUTE} route chunks`, staticAssets);

const chromiumPath = args.has('--static-only') ? null : findChromium();
let gateJs = staticJs;
let gateAssets = staticAssets;
if (chromiumPath) {
  gateAssets = await browserMeasure(chromiumPath);
  gateJs = report(`Browser: what Chromium downloaded for ${ROUTE} (service workers blocked)`, gateAssets);
  const missed = gateAssets.filter((a) => a.kind === 'js' && !staticAssets.some((s) => s.file === a.file));
  if (missed.length > 0)
    console.log(`  (loaded beyond the static list: ${missed.map((a) => a.file).join(', ')})`);
} else {
  console.warn(
    '\nsize: no Chromium (or --static-only): the gate uses the static measure, which misses lazy chunks.',
  );
}

const mapChunks = gateAssets.filter((a) => MAP_LIBRARY.test(a.file));
if (mapChunks.length > 0) {
  console.error(
    `\nFAIL: ${ROUTE} loads the map library (${mapChunks.map((a) => a.file).join(', ')}); only step 4 may.`,
  );
  process.exit(1);
}
if (gateJs > BUDGET_JS_KB * 1000) {
  console.error(
    `\nFAIL: ${kb(gateJs)} kB gzip of JavaScript for ${ROUTE}, over the ${BUDGET_JS_KB} kB budget.`,
  );
  process.exit(1);
}
console.log(`\nOK: ${kb(gateJs)} kB gzip of JavaScript for ${ROUTE} (budget ${BUDGET_JS_KB} kB).`);
