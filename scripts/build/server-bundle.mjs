/**
 * The server's JavaScript for production: esbuild bundles each entry point the server runs as a
 * process or thread of its own into dist-server/, flat (the files and their shared chunks side by
 * side, one folder below the project's root, as server/project-files.ts expects). Packages stay
 * in node_modules (imported as they are), so the bundles hold only the project's own code.
 * `npm start` and `npm run serve` run it with plain node: no TypeScript compiler at run time.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

export const SERVER_OUT_DIR = 'dist-server';

/** Source → compiled name: the name (without .ts) is what server/project-files.ts asks for. */
const ENTRY_POINTS = [
  'server/main.ts',
  'server/migrate-main.ts',
  'server/backup/backup-command.ts',
  'server/backup/restore-command.ts',
  'server/backup/archive-worker.ts',
  'server/services/catalogue/photo-worker.ts',
  'server/db/pglite-initdb.ts',
];

/** Bundles the server into `root`/`folder` (a folder of the project's root: project-files.ts). */
export async function buildServer(root, folder = SERVER_OUT_DIR) {
  const outdir = join(root, folder);
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: ENTRY_POINTS,
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Source maps for whoever debugs a stack trace (node --enable-source-maps); not loaded otherwise.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}
