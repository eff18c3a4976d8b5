/**
 * What a build is made from, as one digest: `npm run build` writes it beside its output once
 * everything is built, and `npm start` builds again only when the sources' digest differs (a
 * changed file, another `npm ci`, another VITE_* setting, which Vite puts into the app).
 * Test files are left out: they change no byte of the build.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Folders read whole, and single files, relative to the project's root. */
const FOLDERS = ['src', 'sw', 'server', 'public', 'scripts/build'];
const FILES = [
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.sw.json',
  'openapi.yaml',
  'scripts/build.mjs',
];
const LEFT_OUT = /\.test\.[cm]?[jt]sx?$/;

/** Where the build keeps the digest it was made from (dist-server/ is never served). */
export const BUILD_STAMP = join('dist-server', 'build-inputs.json');

function filesUnder(root, folder) {
  const found = [];
  const walk = (relative) => {
    for (const entry of readdirSync(join(root, relative), { withFileTypes: true })) {
      const path = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && !LEFT_OUT.test(entry.name)) found.push(path);
    }
  };
  if (existsSync(join(root, folder))) walk(folder);
  return found;
}

/** The digest of the build's inputs in `root` with `env`'s VITE_* settings. */
export function buildInputsDigest(root, env = process.env) {
  const hash = createHash('sha256');
  const files = [...FOLDERS.flatMap((folder) => filesUnder(root, folder)), ...FILES].sort();
  for (const path of files) {
    const full = join(root, path);
    if (!existsSync(full)) continue;
    hash.update(`${path}\0`);
    hash.update(readFileSync(full));
    hash.update('\0');
  }
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('VITE_'))
    .sort())
    hash.update(`${name}=${env[name]}\0`);
  return hash.digest('hex');
}

/** The digest the present build was made from, or undefined when there is no finished build. */
export function builtDigest(root) {
  try {
    return JSON.parse(readFileSync(join(root, BUILD_STAMP), 'utf8')).digest;
  } catch {
    return undefined;
  }
}
