/**
 * The browser suite: the built app (dist/) served by the real server, driven in Debian's
 * Chromium. Run it through `npm run test:e2e` (scripts/e2e.mjs): that finds Chromium, builds,
 * and skips loudly when there is no browser. Files run in E2E_LANES lanes side by side (default
 * 2), each lane one file at a time on a server of its own (global-setup.ts, harness.ts).
 */
import { defineConfig } from 'vitest/config';
import { E2E_LANES } from './test/e2e/lanes';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/global-setup.ts'],
    maxWorkers: E2E_LANES,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // A busy two-core machine renders slowly: a poll waits for the screen, it does not time it.
    expect: { poll: { timeout: 10_000 } },
  },
});
