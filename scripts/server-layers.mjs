/**
 * Counts the server's wrong-way imports: an import from a lower layer of server/ into a higher one
 * (a service importing the HTTP layer or a job's worker, the database importing services, the
 * configuration importing anything of the server…). Biome's zones (biome.json, the server/
 * overrides) refuse these at `npm run lint`; this script names the layers in one table, counts
 * what breaks them, and reads type-only imports apart (the context's type may name the services'
 * types, never build them). Test files are not counted: a test may set up what it needs from any
 * layer.
 *
 *   node scripts/server-layers.mjs          the count, and each wrong-way import
 *   node scripts/server-layers.mjs --graph  every import between two layers, counted
 *
 * Exit code 1 when any wrong-way import is found.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = join(ROOT, 'server');

/**
 * The layers, by where a file is (first match wins). `root` is what composes the parts: the
 * start-up sequence, the app builder, the composition root that builds the context, and the test
 * support; it may import anything.
 */
const LAYERS = [
  ['config', /^config\.ts$/],
  ['base', /^(errors|operation-types|version|logger|data-dir)\.ts$/],
  ['context', /^app-context\.ts$/],
  ['root', /^(app|start|main|migrate-main|composition-root|secrets|shared-secrets)\.ts$|^test-support\//],
  ['db', /^db\//],
  ['storage', /^storage\//],
  ['queue', /^queue\//],
  ['backup', /^backup\//],
  ['auth', /^auth\//],
  ['mail', /^mail\//],
  ['seed', /^seed\//],
  ['services', /^services\//],
  ['jobs', /^jobs\//],
  ['http', /^http\//],
  ['handlers', /^handlers\//],
];

const ABOVE_SERVICES = ['http', 'handlers', 'jobs', 'seed', 'root'];

/** What each layer must not import. */
const FORBIDDEN = {
  config: LAYERS.map(([name]) => name).filter((name) => name !== 'config'),
  base: LAYERS.map(([name]) => name).filter((name) => name !== 'base'),
  db: ['storage', 'queue', 'backup', 'auth', 'mail', 'context', 'services', ...ABOVE_SERVICES],
  storage: ['db', 'queue', 'backup', 'auth', 'mail', 'context', 'services', ...ABOVE_SERVICES],
  queue: ['storage', 'backup', 'auth', 'mail', 'context', 'services', ...ABOVE_SERVICES],
  backup: ['queue', 'auth', 'mail', 'context', 'services', ...ABOVE_SERVICES],
  auth: ['services', ...ABOVE_SERVICES],
  mail: ['services', ...ABOVE_SERVICES],
  // A type: it names the parts' types (type-only imports, TYPES_ALLOWED); only the composition
  // root builds them.
  context: ['db', 'storage', 'queue', 'backup', 'auth', 'mail', 'services', ...ABOVE_SERVICES],
  services: ABOVE_SERVICES,
  jobs: ['http', 'handlers', 'seed', 'root'],
  http: ['services', 'handlers', 'jobs', 'queue', 'seed', 'root'],
  // Handlers call services: no table, no query, no queue, no bytes of their own.
  handlers: ['db', 'storage', 'queue', 'jobs', 'seed', 'root'],
  seed: ['http', 'handlers', 'jobs', 'root'],
  root: [],
};

/** Packages a layer must not import (the query builder stays below the handlers). */
const FORBIDDEN_PACKAGES = { handlers: ['drizzle-orm'], http: ['drizzle-orm'] };

/** Layers whose type-only imports of these layers are allowed. */
const TYPES_ALLOWED = { context: ['services', 'auth', 'mail', 'storage', 'queue', 'db'] };

const layerOf = (path) => LAYERS.find(([, pattern]) => pattern.test(path))?.[0] ?? 'unplaced';

function sources(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    return /\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

const IMPORT =
  /^\s*(?:import|export)\s+(type\s+)?(?:([\w*\s{},]*?)\s+from\s+)?'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm;

/** Each import of a file: the module named, and whether it brings in types only. */
function importsOf(text) {
  return [...text.matchAll(IMPORT)].map((match) => {
    const names = match[2] ?? '';
    const braces = names.match(/\{([^}]*)\}/)?.[1];
    const typeOnly =
      Boolean(match[1]) ||
      (braces !== undefined &&
        !names.replace(/\{[^}]*\}/, '').replace(/[\s,]/g, '') &&
        braces
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .every((name) => name.startsWith('type ')));
    return { module: match[3] ?? match[4], typeOnly, line: text.slice(0, match.index).split('\n').length };
  });
}

const wrong = [];
const graph = new Map();
const unplaced = new Set();
for (const file of sources(SERVER)) {
  const from = relative(SERVER, file);
  const fromLayer = layerOf(from);
  if (fromLayer === 'unplaced') unplaced.add(from);
  for (const { module, typeOnly, line } of importsOf(readFileSync(file, 'utf8'))) {
    if (!module.startsWith('.')) {
      if (FORBIDDEN_PACKAGES[fromLayer]?.includes(module))
        wrong.push({ from, line, module, toLayer: module });
      continue;
    }
    const target = relative(SERVER, resolve(dirname(file), module));
    if (target.startsWith('..')) continue; // src/domain and the contract's types: Biome's server/** zone
    const toLayer = layerOf(`${target}.ts`) === 'unplaced' ? layerOf(target) : layerOf(`${target}.ts`);
    if (toLayer === fromLayer) continue;
    const key = `${fromLayer} -> ${toLayer}`;
    graph.set(key, (graph.get(key) ?? 0) + 1);
    if (!FORBIDDEN[fromLayer]?.includes(toLayer)) continue;
    if (typeOnly && TYPES_ALLOWED[fromLayer]?.includes(toLayer)) continue;
    wrong.push({ from, line, module, toLayer });
  }
}

if (process.argv.includes('--graph')) {
  for (const [key, count] of [...graph].sort()) console.log(`${String(count).padStart(4)}  ${key}`);
}
for (const file of unplaced) console.log(`not in any layer: server/${file}`);
for (const { from, line, module, toLayer } of wrong) {
  console.log(`server/${from}:${line} imports ${module} (${toLayer})`);
}
console.log(`${wrong.length} wrong-way imports in server/`);
process.exitCode = wrong.length > 0 || unplaced.size > 0 ? 1 : 0;
