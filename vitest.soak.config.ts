/**
 * npm run test:soak — process-level chaos on PostgreSQL (test/soak): kills, database restarts and
 * many clients, bounded to a few minutes. Kept out of `npm test`; .ci/run calls it after.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'soak',
    include: ['test/soak/**/*.soak.test.ts'],
    environment: 'node',
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
