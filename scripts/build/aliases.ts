/**
 * Module aliases shared by the build (vite.config.ts) and the unit suite (vitest.config.ts), so
 * the tests run the code the browser gets.
 *
 * Dexie's package entry re-exports its UMD build (dist/dexie.js, written for ES5 browsers and
 * CommonJS); its own ES module build for current browsers (dist/modern/dexie.mjs) is the same
 * library and version, 1.7 kB gzip smaller in the step-1 bundle and 12 kB raw smaller in the
 * service worker. The exact-match pattern leaves `dexie/dist/*` imports alone.
 */
import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

export const MODULE_ALIASES: Alias[] = [
  { find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' },
  // React 19 has useSyncExternalStore: the package's shim for React 16 and 17 is dead weight.
  {
    find: /^use-sync-external-store\/shim(\/index\.js)?$/,
    replacement: fileURLToPath(new URL('./use-sync-external-store-shim.ts', import.meta.url)),
  },
];
