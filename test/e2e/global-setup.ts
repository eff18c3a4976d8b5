/**
 * Runs once for the whole browser suite: starts one real server (tsx server/main.ts) per lane,
 * each with its own database, data folder and copy of dist/ — the update test changes the worker
 * in its copy, never in dist/ — and stops them with SIGTERM at the end. Files run in as many
 * lanes side by side as vitest.e2e.config.ts has workers; a file reaches its lane's server
 * through harness.ts's laneServer() (the worker's VITEST_POOL_ID picks the lane), so two files
 * running at once never share a server, a database or an outbox folder.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, startAppServer } from '../../scripts/app-server.mjs';
import { E2E_LANES } from './lanes';

export interface LaneServer {
  port: number;
  staticDir: string;
  /** The server's DATA_DIR: the sign-in tests read the emails it writes to outbox/. */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    servers: LaneServer[];
  }
}

export default async function setup(project: TestProject) {
  const dist = process.env.E2E_DIST_DIR ?? join(ROOT, 'dist');
  if (!existsSync(join(dist, 'service-worker.js'))) {
    throw new Error('dist/service-worker.js is missing: run `vite build` first (scripts/e2e.mjs does).');
  }
  const started = Date.now();
  const lanes = await Promise.all(
    Array.from({ length: E2E_LANES }, async () => {
      const staticDir = mkdtempSync(join(tmpdir(), 'perevod-e2e-static-'));
      cpSync(dist, staticDir, { recursive: true });
      return { staticDir, server: await startAppServer({ staticDir }) };
    }),
  );
  console.log(
    `e2e: ${lanes.length} server${lanes.length > 1 ? 's' : ''} (one per lane) answered /api/health after ${Date.now() - started} ms`,
  );
  project.provide(
    'servers',
    lanes.map(({ staticDir, server }) => ({ port: server.port, staticDir, dataDir: server.dataDir })),
  );

  return async () => {
    for (const { staticDir, server } of lanes) {
      const code = await server.stop();
      if (code !== 0)
        console.warn(
          `e2e: server/main.ts exited with ${code} after SIGTERM. Its output:\n${server.output()}`,
        );
      rmSync(staticDir, { recursive: true, force: true });
    }
  };
}
