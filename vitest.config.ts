/**
 * Unit tests (src/, sw/: fake IndexedDB, no browser) and server integration tests (server/:
 * Fastify inject on an in-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
 * The end-to-end suite in a real Chromium has its own config: vitest.e2e.config.ts.
 */
import { availableParallelism } from 'node:os';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';
import { MODULE_ALIASES } from './scripts/build/aliases';

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    // Vitest's default is one worker fewer than the cores: on a 2-core CI machine, one. One worker
    // more than the cores: the drills with real processes (two servers waiting for a cron tick,
    // a PostgreSQL stopped for seconds, backups) spend most of their time waiting, and a third
    // worker keeps both cores busy meanwhile (2 workers: 557–604 s; 3: 481 s on the 2-core machine).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? availableParallelism() + 1),
    projects: [
      {
        plugins: [vanillaExtractPlugin()],
        resolve: { alias: MODULE_ALIASES },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          environment: 'node',
          // Only catches a hang: three workers on two cores can stretch a rendering test past
          // Vitest's 5 s default; no test measures speed by its timeout.
          testTimeout: 30_000,
          setupFiles: ['test/setup/fake-indexeddb.ts'],
          // Through Vite, so its `import 'dexie'` meets the alias too: one Dexie, as in the build.
          server: { deps: { inline: ['dexie-react-hooks'] } },
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'test/contract/**/*.test.ts'],
          environment: 'node',
          // Generous: a timeout here only catches a hang. A busy two-core machine (CI, or several
          // suites at once) can take a minute to start PGlite and build the app; no test
          // measures speed by its timeout (npm run bench does).
          testTimeout: 120_000,
          hookTimeout: 300_000,
          pool: 'forks',
        },
      },
    ],
  },
});
