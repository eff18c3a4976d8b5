/**
 * Builds the app (src/) and the service worker (sw/). The worker is ours (injectManifest): Workbox
 * only injects the precache list into it. The map library is left out of the precache so the
 * first visit of a phone on a slow network downloads only what the order form needs.
 */

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { MODULE_ALIASES } from './scripts/build/aliases';
import { inlineEntryCss } from './scripts/build/inline-css';
import { prerenderBundle } from './scripts/build/prerender-bundle';
import { type PagePreloads, scriptsAfterPaint } from './scripts/build/scripts-after-paint';
import { PRERENDER_DIR } from './server/http/prerendered-pages';

export const THEME_COLOR = '#1d4ed8';

/** Filled by the app's build, written beside the server bundle by the prerender's. */
const pagePreloads: PagePreloads = { template: '', pages: {} };

/**
 * How the app's JavaScript is split for the pages customers land on (step 1 has a budget of
 * 150 kB gzip, scripts/size.mjs):
 * - The entry: React's renderer, the router, the route tree and what every page shares (the API
 *   gateway, the shell, the shared widgets). One file, evaluated in one task; the router is built
 *   and the page rendered in tasks after it (src/main.tsx, src/app-start.tsx).
 * - The order form's first step: the step's component, the form's own modules and the draft's
 *   hook, without the app database. A first visit loads Dexie only when the visitor's first change
 *   is saved (src/db/lazy-app-db.ts); the other steps and the form's later chunks import this one.
 * - The app database: Dexie and the modules over it. Only pages that work with stored data load
 *   it at start (the cabinet, the back office); the cabinet's path no longer loads the form's step
 *   with it (docs/decisions/0043, part 5).
 * - What the form's step and the signed-in screens share (the cached-query hook, freshness and
 *   query states, formats, prices): a chunk the sign-in does not load.
 * - The shared widgets the sign-in needs and the form also uses (text fields, field errors): a
 *   small chunk of their own, so the sign-in loads neither the form nor the database.
 */
const ORDER_STEP_MODULES =
  /src\/(routes\/_public\/order\/step-1\.tsx\?tsr-split|features\/order-form\/(order-step-one|order-model|order-summary|step-form|order-step-layout|order-step-header|order-form\.css|draft|first-draft)\.|ui\/(flow-progress|lazy-error-summary|order\/order-choices\.css))/;
const APP_DB_MODULES =
  /node_modules\/(dexie|dexie-react-hooks)\/|src\/db\/(schema|app-db|live-query|drafts|draft-hooks)\.ts|src\/api\/data-layer\.ts|src\/routes\/-components\/stored-data-notices|src\/features\/(outbox\/(outbox-watch|order-accepted-watch|use-outbox)|shell\/database-notice)\.|src\/outbox\/(queue|kinds)\./;
/** What the form's step and the signed-in screens share and the sign-in does not need. */
const SCREEN_MODULES =
  /src\/(api\/(use-cached-query|data-context)|db\/(use-cache-entry|database-source)|ui\/(data-freshness|query-state)|domain\/(format|moscow-time|pricing|promo|order-lines))\./;
/** Route definitions (not their split components, not their private -components) and what pages share. */
const APP_MODULES = new RegExp(
  [
    /node_modules\/(@tanstack|openapi-fetch|use-sync-external-store|seroval)\//,
    /src\/(app-start|router|routeTree\.gen)\.tsx?$|scripts\/build\/use-sync-external-store-shim/,
    /src\/routes\/(-components\/shell-notices|-shared\/search|_public\/-components\/(public-layout|order-bottom-bar)|_public\.tsx\?tsr-split)/,
    /src\/routes\/(?!(?:[^?]*\/)?-)[^?]*\.tsx?$/,
    /src\/api\/(?!upload|use-cached-query|data-context)/,
    /src\/domain\/(cache-bust|on-first-use|order-statuses|prerendered-paths|safe-redirect)\./,
    /src\/ui\/(app-layout|button|field-errors|form|nav-links|page-title|page|route-title|text-field|theme|toast)\./,
    /src\/db\/(cache|presence|lazy-app-db|app-db-registry)\.ts/,
    /src\/features\/(shell\/(?!database-notice|update-toast)|navigation\/order-form-bar|landing\/landing-environment|push\/push-allowed)/,
  ]
    .map((part) => part.source)
    .join('|'),
);

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|webmanifest|json|txt|xml)$/;

/**
 * Writes .br and .gz beside every compressible file of the build, once, at the highest levels:
 * the server (server/http/static-app.ts) picks one by Accept-Encoding instead of compressing on
 * every request. Runs after vite-plugin-pwa has written the service worker, so that is covered;
 * a variant no smaller than the file is not written, and the server then sends the file itself.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(folder, entry.name)) : [join(folder, entry.name)],
    );
  return {
    name: 'perevod:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const files = walk(outDir).filter(
          (path) => COMPRESSIBLE.test(path) && !path.startsWith(join(outDir, PRERENDER_DIR)),
        );
        for (const file of files) {
          const content = readFileSync(file);
          const brotli = brotliCompressSync(content, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
          });
          const gzip = gzipSync(content, { level: 9 });
          if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
          if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    vanillaExtractPlugin(),
    inlineEntryCss(),
    scriptsAfterPaint(pagePreloads),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'service-worker.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/?pwa=true',
        name: 'Бюро переводов — заказ перевода документов',
        short_name: 'Бюро переводов',
        description:
          'Закажите перевод документов с нотариальным заверением: онлайн-заявка, оплата, статусы заказа и получение в пункте выдачи.',
        lang: 'ru',
        dir: 'ltr',
        start_url: '/?pwa=true',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: THEME_COLOR,
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        globIgnores: ['**/maplibre*', '**/*-worker*', 'ssr/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precompress(),
    prerenderBundle(pagePreloads),
  ],
  resolve: {
    alias: MODULE_ALIASES,
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // Every browser the app targets (es2022) supports <link rel=modulepreload>; the polyfill only
    // cost step 1 bytes. A lazy screen's JavaScript dependencies are not listed for preloading:
    // the list lives in the entry, one file name per shared chunk of every screen, and grew into
    // step 1's budget with each new screen; the chunks load through their own imports instead,
    // and from the service worker's precache after the first visit. Stylesheets stay listed:
    // they load only through this list (docs/decisions/0018).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            // What the entry imports (React's renderer, the router, the shell) stays with it.
            { name: 'start', tags: ['$initial'], includeDependenciesRecursively: false, priority: 4 },
            {
              name: 'order-step',
              test: (id: string) => ORDER_STEP_MODULES.test(id),
              includeDependenciesRecursively: false,
              priority: 3,
            },
            {
              name: 'app-db',
              test: (id: string) => APP_DB_MODULES.test(id),
              includeDependenciesRecursively: false,
              priority: 3,
            },
            {
              name: 'screens',
              test: (id: string) => SCREEN_MODULES.test(id),
              includeDependenciesRecursively: false,
              priority: 3,
            },
            {
              name: 'app',
              test: (id: string) => APP_MODULES.test(id),
              includeDependenciesRecursively: false,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
