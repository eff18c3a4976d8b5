/**
 * The app as the tests use it: built on a fresh database (test-support/database.ts) and called
 * with inject; no port, no lock, and pg-boss only when a test asks for it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app';
import type { AppContext } from '../app-context';
import { createAppContext } from '../composition-root';
import { loadConfig, testDatabaseUrl } from '../config';
import type { DatabaseHandle } from '../db/client';
import { startWorkers } from '../jobs/workers';
import { type Jobs, startJobs } from '../queue/boss';
import { openTestDatabase, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from './database';
import { SUITE_LIMITS } from './limits';

export interface TestServer {
  app: FastifyInstance;
  context: AppContext;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Start pg-boss on the test database (slower; only the job and health tests need it). */
  jobs?: boolean;
  /** The built app to serve; by default a folder without one. */
  staticDir?: string;
  /** Upload limits lower than the real 100 MB, to test them. */
  uploadLimits?: BuildAppOptions['uploadLimits'];
  /** More environment for loadConfig, e.g. TELEGRAM_BOT_TOKEN or PUBLIC_URL. */
  env?: Record<string, string>;
  /** A pino logger to read what the server logs; none means silence. */
  logger?: BuildAppOptions['logger'];
  /**
   * Another test server's database, as a second server process on one PostgreSQL would share
   * it (with a data folder of its own); close() then leaves it open for its owner.
   */
  database?: DatabaseHandle;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'perevod-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: options.staticDir ?? join(dataDir, 'no-dist'),
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-keys',
    LOG_LEVEL: 'silent',
    ...SUITE_LIMITS,
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase(testDatabaseUrl()));
  let jobs: Jobs | undefined;
  if (options.jobs) {
    jobs = await startJobs(database, (error) => {
      throw error;
    });
  }
  const context: AppContext = await createAppContext({
    config,
    database,
    jobs,
    jwtSecret: config.jwtSecret as string,
  });
  await startWorkers(context);
  const app = await buildApp({ context, uploadLimits: options.uploadLimits, logger: options.logger });
  await app.ready();
  return {
    app,
    context,
    async close() {
      await app.close();
      await context.telegram?.stopUpdates();
      await jobs?.stop();
      context.storage.close();
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
