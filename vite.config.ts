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
import { scriptsAfterPaint } from './scripts/build/scripts-after-paint';
import { PRERENDER_DIR } from './server/http/prerendered-pages';

export const THEME_COLOR = '#1d4ed8';

const ORDER_STEP_MODULES =
  /src\/(routes\/_public\/order\/step-1\.tsx\?tsr-split|features\/order-form\/(order-step-one|order-model|order-summary|step-form|order-step-layout|order-step-header|use-order-draft|order-form\.css)|ui\/(text-field|form\.css|page\.css|button|query-state|data-freshness|flow-progress|field-errors|lazy-error-summary)|db\/drafts|domain\/(pricing|moscow-time|format|safe-redirect))/;

const ROUTER_MODULES = /node_modules\/@tanstack\/(react-router|router-core|react-store|store|history)\//;

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
      // The public layout (the order form's steps, the sign-in) stays in the entry: every page
      // customers land on needs it at once, and as a route chunk it was one more file to fetch
      // after the entry had run, and 0.17 kB gzip more on step 1 than inside the entry.
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/_public' ? [] : undefined) },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    vanillaExtractPlugin(),
    inlineEntryCss(),
    scriptsAfterPaint(),
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
    prerenderBundle(),
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
          // What the first step of the order form needs, in one file: a dozen small shared chunks
          // compress worse than one, and /order/step-1 has a 150 KB gzip budget. The router's
          // pieces every screen uses (Link, matches) join it: every page loads both anyway, and
          // one file is 0.4 kB gzip smaller than the two.
          groups: [
            {
              name: 'order-step',
              test: (id: string) => ORDER_STEP_MODULES.test(id) || ROUTER_MODULES.test(id),
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
