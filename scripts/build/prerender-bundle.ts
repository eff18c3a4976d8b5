/**
 * Build step: after the app, a second Vite build of src/prerender/ for Node (dist/ssr/), which the
 * server runs to prerender the order form's first step with the live catalogue and the customer
 * sign-in (server/http/prerendered-pages.ts). The same React, router and vanilla-extract plugins and
 * aliases as the app, so class names and markup match what the browser then hydrates.
 */
import { resolve } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { PRERENDER_DIR } from '../../server/http/prerendered-pages';
import { MODULE_ALIASES } from './aliases';

export const PRERENDER_ENTRY = 'src/prerender/pages.tsx';

export function prerenderBundle(): Plugin {
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
      },
    },
  };
}
