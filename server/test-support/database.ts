/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a
 * new database on the PostgreSQL server of TEST_DATABASE_URL (dropped again by close()).
 *
 * Starting PGlite from nothing costs seconds (it runs initdb); loading a dump of an already
 * migrated and seeded one takes well under one. The dump is made once and cached under
 * node_modules/.cache, keyed by the migrations and seed sources, so a schema change remakes it.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../db/migrate';
import { seedDatabase } from '../seed/seed';

export const TEST_ADMIN_EMAIL = 'admin@perevod.local';
export const TEST_ADMIN_PASSWORD = 'demo-admin-password';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'perevod-server-tests');
const KEPT_DUMPS = 4;

function sourcesDigest(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.sql') || name.endsWith('.json'))
      .sort()
      .map((name) => join(MIGRATIONS_FOLDER, name)),
    join(ROOT, 'server/seed/seed.ts'),
    join(ROOT, 'server/seed/catalogue.ts'),
    join(ROOT, 'server/seed/pickup-points.ts'),
    join(ROOT, 'server/services/documents/requisites.ts'),
    join(ROOT, 'server/services/legal/default-texts.ts'),
    join(ROOT, 'server/services/legal/legal-documents.ts'),
    join(ROOT, 'node_modules/@electric-sql/pglite/package.json'),
  ];
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

async function seeded(handle: DatabaseHandle): Promise<DatabaseHandle> {
  await migrateDatabase(handle);
  await seedDatabase(handle.db, { adminEmail: TEST_ADMIN_EMAIL, adminPassword: TEST_ADMIN_PASSWORD });
  return handle;
}

/** The dump of a migrated and seeded PGlite, made once per schema and cached (see the header). */
async function templateDump(): Promise<Blob> {
  const path = join(CACHE_DIR, `pglite-${sourcesDigest()}.tar`);
  try {
    const dump = new Blob([new Uint8Array(readFileSync(path))]);
    // Marks it as recently used for the pruning below (file systems may not keep access times).
    utimesSync(path, new Date(), new Date());
    return dump;
  } catch {
    // Not made yet for these sources.
  }
  const handle = await seeded(await openDatabase({ memory: true }));
  const made = await (handle.pglite as PGlite).dumpDataDir('none');
  await handle.close();
  mkdirSync(CACHE_DIR, { recursive: true });
  // Parallel test files may race to make it: each writes its own file and renames atomically.
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, new Uint8Array(await made.arrayBuffer()));
  renameSync(temporary, path);
  // Dumps of older schemas are dead weight (about 40 MB each); a few are kept, since checkouts
  // of different branches may share one node_modules.
  const dumps = readdirSync(CACHE_DIR)
    .filter((name) => name.endsWith('.tar'))
    .map((name) => ({ path: join(CACHE_DIR, name), used: statSync(join(CACHE_DIR, name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const old of dumps.slice(KEPT_DUMPS)) rmSync(old.path, { force: true });
  return made;
}

// PGlite loads only in the files that use it: on TEST_DATABASE_URL, none of the server suite's.
const embedded = () => import('../db/pglite-database');

async function pgliteFromTemplate(): Promise<DatabaseHandle> {
  const { PGlite, pgliteOptions, wrapPglite } = await embedded();
  const pglite = new PGlite(pgliteOptions({ loadDataDir: await templateDump() }));
  await pglite.waitReady;
  return seeded(wrapPglite(pglite));
}

/**
 * A server DATA_DIR whose embedded database is already migrated and seeded, as after a first
 * start: tests of the server process (signals, the lock, restarts) need not wait for PGlite's
 * initdb each time — the browser suite's server still makes its database from nothing.
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  const { PGlite, pgliteOptions } = await embedded();
  const pglite = new PGlite(
    pgliteOptions({ dataDir: join(dataDir, 'pglite'), loadDataDir: await templateDump() }),
  );
  await pglite.waitReady;
  await pglite.close();
}

/** An empty database of its own on a PostgreSQL server, and the way to drop it afterwards. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'perevod_test',
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(serverUrl, name);
  return {
    url,
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        // FORCE cannot end an autovacuum worker (it runs as the superuser: 42501), and a plain
        // drop refuses while one is connected (55006): it finishes within moments, so try again.
        for (let attempt = 1; ; attempt++) {
          try {
            await dropper.query(`drop database if exists "${name}" with (force)`);
            break;
          } catch (error) {
            const code = (error as { code?: string }).code;
            if ((code !== '42501' && code !== '55006') || attempt >= 40) throw error;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      } finally {
        await dropper.end();
      }
    },
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated and seeded database to copy from, one per schema (named by the sources' digest):
 * CREATE DATABASE … TEMPLATE copies it in a fraction of the time that migrating and seeding a
 * new one takes. Parallel test files may race to make it: an advisory lock (held on the
 * maintenance database every one of them connects to) lets one build it while the others wait,
 * and they find it made.
 */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `perevod_template_${sourcesDigest()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(hashtext('perevod_test_template'))");
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    const building = await createScratchDatabase(serverUrl, 'perevod_template_building');
    const handle = await seeded(await openDatabase({ url: building.url }));
    await handle.close();
    const buildingName = new URL(building.url).pathname.slice(1);
    await admin.query(`alter database "${buildingName}" rename to "${name}"`);
    return name;
  } finally {
    // Ending the session releases the advisory lock.
    await admin.end();
  }
}

async function postgresDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const scratch = await createScratchDatabase(serverUrl, 'perevod_test', await postgresTemplate(serverUrl));
  const handle = await seeded(await openDatabase({ url: scratch.url }));
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

export function openTestDatabase(postgresUrl: string | undefined): Promise<DatabaseHandle> {
  return postgresUrl ? postgresDatabase(postgresUrl) : pgliteFromTemplate();
}
