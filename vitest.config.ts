/**
 * Unit tests (src/, sw/: fake IndexedDB, no browser) and server integration tests (server/:
 * Fastify inject on an in-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
 * The end-to-end suite in a real Chromium has its own config: vitest.e2e.config.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { MODULE_ALIASES } from './scripts/build/aliases';
import { SlowFilesFirst } from './test/setup/slow-files-first';

const UNIT_FILES = ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'];
const SERVER_FILES = ['server/**/*.test.ts', 'test/contract/**/*.test.ts'];

/**
 * The test files that replace a module with `vi.mock`. A worker that runs files one after another
 * in one module graph (isolate: false) has already loaded the real module for an earlier file, so
 * such a file gets the real one; these files run isolated, each in a fresh module graph.
 */
function filesThatMockModules(...folders: string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.test\.tsx?$/.test(name))
      .map((name) => `${folder}/${name}`)
      .filter((path) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path, 'utf8'))),
  );
}

/**
 * Each project twice: the files that mock modules isolated, and the rest sharing their worker's
 * module graph. Loading React, Fastify, Drizzle and pg-boss again for each of 200 files was most
 * of the suite's time on the 2-core machine (import 279 s of 464 s); each file still builds its
 * own app, database and IndexedDB.
 */
function splitByIsolation(project: TestProjectInlineConfiguration, folders: string[]) {
  const mocking = filesThatMockModules(...folders);
  const { test } = project;
  return [
    { ...project, test: { ...test, isolate: false, exclude: mocking } },
    { ...project, test: { ...test, name: `${test?.name}-isolated`, include: mocking, isolate: true } },
  ];
}

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    // Vitest's default is one worker fewer than the cores: on a 2-core CI machine, one. One worker
    // more than the cores: the drills with real processes (two servers waiting for a cron tick,
    // a PostgreSQL stopped for seconds, backups) spend most of their time waiting, and a third
    // worker keeps both cores busy meanwhile (isolated: 2 workers 557–604 s, 3 481 s; with the
    // shared module graphs below: 3 workers 333 s, 4 workers 378 s on the 2-core machine).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? availableParallelism() + 1),
    // The drills that mostly wait start first, also where no earlier run left its durations.
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      ...splitByIsolation(
        {
          plugins: [vanillaExtractPlugin()],
          resolve: { alias: MODULE_ALIASES },
          test: {
            name: 'unit',
            include: UNIT_FILES,
            environment: 'node',
            // Only catches a hang: three workers on two cores can stretch a rendering test past
            // Vitest's 5 s default; no test measures speed by its timeout.
            testTimeout: 30_000,
            setupFiles: ['test/setup/fake-indexeddb.ts'],
            // Through Vite, so its `import 'dexie'` meets the alias too: one Dexie, as in the build.
            server: { deps: { inline: ['dexie-react-hooks'] } },
          },
        },
        ['src', 'sw'],
      ),
      ...splitByIsolation(
        {
          test: {
            name: 'server',
            include: SERVER_FILES,
            environment: 'node',
            // Generous: a timeout here only catches a hang. A busy two-core machine (CI, or several
            // suites at once) can take a minute to start PGlite and build the app; no test
            // measures speed by its timeout (npm run bench does).
            testTimeout: 120_000,
            hookTimeout: 300_000,
            pool: 'forks',
          },
        },
        ['server', 'test/contract'],
      ),
    ],
  },
});
