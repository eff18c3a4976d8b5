import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { root: '/work/main', maxWorkers: 2, include: ['server/handlers/**/*.test.ts', 'server/auth/sessions.test.ts', 'server/services/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 120_000, pool: 'forks', isolate: process.env.ISO !== '0' } });
