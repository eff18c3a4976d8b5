/**
 * Where the server finds the project's files and its own separate entry points, whichever way its
 * code runs: the TypeScript sources through tsx (tests, `npm run dev:server`) or the compiled
 * JavaScript in dist-server/ (`npm start`, `npm run serve`; scripts/build/server-bundle.mjs).
 * This file sits one folder below the project's root (server/), and the compiled files sit one
 * folder below it too (dist-server/, flat), so the root is '..' from either.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** True in dist-server/'s JavaScript, false in the sources run through tsx or Vitest. */
export const COMPILED = !import.meta.url.endsWith('.ts');

/** The folder of the compiled server this code is part of (all its files are in one folder). */
export const COMPILED_DIR = COMPILED
  ? dirname(fileURLToPath(import.meta.url))
  : join(PROJECT_ROOT, 'dist-server');

/**
 * A script this server starts in a process of its own: the compiled file run by plain node, or
 * the source with tsx loaded first. `source` is its path in the project ('server/db/x.ts'); the
 * compiled file has its name (dist-server/x.js).
 */
export function childProcessScript(source: string): { args: string[]; cwd: string } {
  if (!COMPILED) return { args: ['--import', 'tsx', join(PROJECT_ROOT, source)], cwd: PROJECT_ROOT };
  const name = source.slice(source.lastIndexOf('/') + 1).replace(/\.ts$/, '.js');
  return { args: [join(COMPILED_DIR, name)], cwd: PROJECT_ROOT };
}

/**
 * A worker thread's script: the compiled file (dist-server/`name`.js), or, from the sources, the
 * `.mjs` shim beside the source that loads tsx into the thread first (`shim`, a URL relative to
 * the caller's module).
 */
export function threadScript(name: string, shim: URL): URL {
  return COMPILED ? pathToFileURL(join(COMPILED_DIR, `${name}.js`)) : shim;
}
