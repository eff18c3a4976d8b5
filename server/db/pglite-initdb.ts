/**
 * `node pglite-initdb.js <folder>`: makes a new empty embedded database in <folder> and exits.
 * Started by createPgliteFolder (pglite-database.ts) in a process of its own: PGlite's initdb
 * runs a second PostgreSQL and copies its WebAssembly heap, about 800 MB at the peak, which the
 * operating system gets back whole when this process ends. Errors go to stderr, exit code 1.
 */
import { PGlite, pgliteOptions } from './pglite-database';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: pglite-initdb <folder>');
  process.exit(2);
}
try {
  const pglite = new PGlite(pgliteOptions({ dataDir: folder }));
  await pglite.waitReady;
  await pglite.close();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
}
