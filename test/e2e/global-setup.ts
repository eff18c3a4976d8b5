/**
 * Runs once for the whole browser suite: starts the real server (tsx server/main.ts) on a copy
 * of dist/ — the update test changes the worker in that copy, never in dist/ — and stops it with
 * SIGTERM at the end. Test files reach it through inject('serverPort'), inject('staticDir') and
 * inject('dataDir').
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, startAppServer } from '../../scripts/app-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    serverPort: number;
    staticDir: string;
    /** The server's DATA_DIR: the sign-in tests read the emails it writes to outbox/. */
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dist = process.env.E2E_DIST_DIR ?? join(ROOT, 'dist');
  if (!existsSync(join(dist, 'service-worker.js'))) {
    throw new Error('dist/service-worker.js is missing: run `vite build` first (scripts/e2e.mjs does).');
  }
  const staticDir = mkdtempSync(join(tmpdir(), 'perevod-e2e-static-'));
  cpSync(dist, staticDir, { recursive: true });

  const started = Date.now();
  const server = await startAppServer({ staticDir });
  console.log(
    `e2e: server/main.ts answered /api/health after ${Date.now() - started} ms on port ${server.port}`,
  );
  project.provide('serverPort', server.port);
  project.provide('staticDir', staticDir);
  project.provide('dataDir', server.dataDir);

  return async () => {
    const code = await server.stop();
    if (code !== 0)
      console.warn(`e2e: server/main.ts exited with ${code} after SIGTERM. Its output:\n${server.output()}`);
    rmSync(staticDir, { recursive: true, force: true });
  };
}
