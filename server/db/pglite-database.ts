/**
 * The embedded database: PGlite in a folder, or in memory for tests, behind the same
 * DatabaseHandle as PostgreSQL. Imported by openDatabase only when it is asked for PGlite.
 *
 * Its memory is sized for a small server (docs/decisions/0043): WebAssembly memory only grows, so
 * whatever PostgreSQL is allowed to take once stays with the process until it exits. And a new
 * folder is made by PGlite's initdb in a process of its own (pglite-initdb.ts), which needs about
 * 800 MB for a few seconds and would otherwise leave the server holding a good part of it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { childProcessScript } from '../project-files';
import type { Database, DatabaseHandle } from './handle';
import { statementClient } from './pglite-statements';
import * as schema from './schema';

/**
 * Extensions the migrations create. PGlite ships them as separate bundles that must be given at
 * every open, also of an existing folder or dump: a table indexed by trigrams cannot be read
 * without pg_trgm loaded. PostgreSQL has them in contrib.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PostgreSQL's memory settings inside PGlite, given at every open (they win over the folder's
 * postgresql.conf, so older folders get them too). PostgreSQL's defaults are sized for a server
 * of its own: 128 MB of shared buffers alone grew the WebAssembly heap from 128 to 189 MB.
 * The host's page cache still holds the data files PGlite reads, as it does for PostgreSQL; at
 * 16 MB the staff's filtered list over 100,000 orders cost twice the CPU, at 32 MB as at 128 MB.
 */
export const PGLITE_MEMORY_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '32MB',
  // CREATE INDEX and VACUUM (migrations, autovacuum's work done by hand): 64 MB by default.
  maintenance_work_mem: '16MB',
  // Single-user mode serves one session; the lock and process tables are sized by this.
  max_connections: '4',
};

const settingsParams = (settings: Readonly<Record<string, string>>) =>
  Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);

/** The options every PGlite of the server opens with (memory settings and extensions). */
export function pgliteOptions(options: PGliteOptions = {}): PGliteOptions {
  return {
    ...options,
    extensions: PGLITE_EXTENSIONS,
    startParams: [...PGlite.defaultStartParams, ...settingsParams(PGLITE_MEMORY_SETTINGS)],
    initDbStartParams: Object.entries(PGLITE_MEMORY_SETTINGS).flatMap(([name, value]) => [
      '--set',
      `${name}=${value}`,
    ]),
  };
}

export { PGlite };

/**
 * Makes `folder` a new empty database unless it already is one: initdb runs in a child process
 * (pglite-initdb.ts) into a folder beside it, renamed into place once complete, so a start that
 * is interrupted meanwhile leaves no half-made database behind.
 */
export async function createPgliteFolder(folder: string): Promise<void> {
  if (existsSync(join(folder, 'PG_VERSION'))) return;
  const making = `${folder}.initdb-${process.pid}`;
  rmSync(making, { recursive: true, force: true });
  mkdirSync(dirname(folder), { recursive: true });
  const { args, cwd } = childProcessScript('server/db/pglite-initdb.ts');
  const child = spawn(process.execPath, [...args, making], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0 || !existsSync(join(making, 'PG_VERSION'))) {
    rmSync(making, { recursive: true, force: true });
    throw new Error(`PGlite's initdb for ${folder} failed (exit code ${code}): ${errors.trim()}`);
  }
  // An empty folder left by an earlier version's start (it made the folder before PGlite) goes.
  rmSync(folder, { recursive: true, force: true });
  renameSync(making, folder);
}

export async function openPglite(target: { pgliteDir: string } | { memory: true }): Promise<DatabaseHandle> {
  if ('pgliteDir' in target) await createPgliteFolder(target.pgliteDir);
  // One options object: PGlite(undefined, options) drops the options.
  const pglite = new PGlite(pgliteOptions({ dataDir: 'pgliteDir' in target ? target.pgliteDir : undefined }));
  await pglite.waitReady;
  return wrapPglite(pglite);
}

/** A handle over an already open PGlite (tests load one from a dump). */
export function wrapPglite(pglite: PGlite): DatabaseHandle {
  const statements = statementClient(pglite);
  const db = drizzlePglite(statements as unknown as PGlite, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    pglite,
    statements,
    url: undefined,
    newPool: undefined,
    ping: async () => {
      await pglite.query('select 1');
    },
    exclusively: (work) => work(),
    checkpoint: async () => {
      if (!pglite.closed) await pglite.exec('CHECKPOINT');
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
