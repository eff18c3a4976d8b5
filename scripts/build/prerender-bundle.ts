/**
 * Build step: after the app, a second Vite build of src/prerender/ for Node (dist/ssr/), which the
 * server runs to prerender the order form's first step with the live catalogue
 * (server/http/prerendered-pages.ts). The same React, router and vanilla-extract plugins and
 * aliases as the app, so class names and markup match what the browser then hydrates.
 * Then the pages that hold no data (the customer sign-in, the cabinet's frame) are rendered with
 * it here, once, into dist/ssr/*.html: the server sends them without rendering anything.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import {
  FIXED_PAGES,
  fixedPageFile,
  PAGE_PRELOADS,
  PRERENDER_BUNDLE,
  PRERENDER_DIR,
  renderFixedPage,
} from '../../server/http/prerendered-pages';
import { MODULE_ALIASES } from './aliases';
import type { PagePreloads } from './scripts-after-paint';

export const PRERENDER_ENTRY = 'src/prerender/pages.tsx';

/** `pagePreloads`: what scripts-after-paint found each prerendered page preloads. */
export function prerenderBundle(pagePreloads: PagePreloads): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'perevod:prerender-bundle',
    apply: (config) => !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await build({
          configFile: false,
          root,
          mode: 'production',
          publicDir: false,
          logLevel: 'warn',
          plugins: [react(), vanillaExtractPlugin()],
          resolve: { alias: MODULE_ALIASES },
          build: {
            ssr: PRERENDER_ENTRY,
            outDir: resolve(outDir, PRERENDER_DIR),
            emptyOutDir: true,
            target: 'node20',
            minify: false,
            reportCompressedSize: false,
          },
          // One file with everything in it: the server loads it without the app's node_modules.
          ssr: { noExternal: true },
        });
        writeFileSync(resolve(outDir, PAGE_PRELOADS), `${JSON.stringify(pagePreloads)}\n`);
        const bundle = await import(pathToFileURL(resolve(outDir, PRERENDER_BUNDLE)).href);
        for (const path of Object.keys(FIXED_PAGES) as (keyof typeof FIXED_PAGES)[]) {
          const html = await renderFixedPage(outDir, bundle, path);
          if (html === null) throw new Error(`prerender: index.html has no root to put ${path} in`);
          writeFileSync(fixedPageFile(outDir, path), html);
        }
      },
    },
  };
}
