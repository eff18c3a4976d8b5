/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a
 * new database on the PostgreSQL server of TEST_DATABASE_URL (dropped again by close()).
 *
 * Starting PGlite from nothing costs seconds (it runs initdb); loading a dump of an already
 * migrated and seeded one takes well under one. The dump is made once and cached under
 * node_modules/.cache, keyed by the migrations and seed sources, so a schema change remakes it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, PGLITE_EXTENSIONS, wrapPglite } from '../db/client';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../db/migrate';
import { seedDatabase } from '../db/seed';

export const TEST_ADMIN_EMAIL = 'admin@perevod.local';
export const TEST_ADMIN_PASSWORD = 'demo-admin-password';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'perevod-server-tests');

function sourcesDigest(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.sql') || name.endsWith('.json'))
      .sort()
      .map((name) => join(MIGRATIONS_FOLDER, name)),
    join(ROOT, 'server/db/seed.ts'),
    join(ROOT, 'server/db/seed/catalogue.ts'),
    join(ROOT, 'server/db/seed/pickup-points.ts'),
    join(ROOT, 'server/services/documents/requisites.ts'),
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

async function pgliteFromTemplate(): Promise<DatabaseHandle> {
  const path = join(CACHE_DIR, `pglite-${sourcesDigest()}.tar`);
  let dump: Buffer | undefined;
  try {
    dump = readFileSync(path);
  } catch {
    dump = undefined;
  }
  if (dump) {
    const pglite = new PGlite({
      loadDataDir: new Blob([new Uint8Array(dump)]),
      extensions: PGLITE_EXTENSIONS,
    });
    await pglite.waitReady;
    return seeded(wrapPglite(pglite));
  }
  const handle = await seeded(await openDatabase({ memory: true }));
  const made = await (handle.pglite as PGlite).dumpDataDir('none');
  mkdirSync(CACHE_DIR, { recursive: true });
  // Parallel test files may race to make it: each writes its own file and renames atomically.
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, new Uint8Array(await made.arrayBuffer()));
  renameSync(temporary, path);
  // Dumps of older schemas are dead weight (about 40 MB each).
  for (const name of readdirSync(CACHE_DIR)) {
    if (name.endsWith('.tar') && join(CACHE_DIR, name) !== path)
      rmSync(join(CACHE_DIR, name), { force: true });
  }
  return handle;
}

/** An empty database of its own on a PostgreSQL server, and the way to drop it afterwards. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'perevod_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
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

async function postgresDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const scratch = await createScratchDatabase(serverUrl);
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
