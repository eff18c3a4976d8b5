/** What handlers and services are given: the server's parts, built once in app.ts. */
import type { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { Jobs } from './jobs/boss';

export interface AppContext {
  config: ServerConfig;
  database: DatabaseHandle;
  db: Database;
  tokens: TokenService;
  /** Absent when the server runs without pg-boss (most tests). */
  jobs: Jobs | undefined;
  version: string;
  startedAt: number;
}
