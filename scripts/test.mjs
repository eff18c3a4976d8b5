/**
 * `npm test`, the single gate (and what CI runs):
 *   1. the checks that need no running code, side by side, as many at once as the machine has
 *      cores: TypeScript for the app, the server and scripts, and the service worker (three
 *      single-threaded compilers), Biome, the contract lint, the server's layers, and the app's
 *      build for the browser suite. One after another they took 58 s on the 2-core machine; side
 *      by side 47 s.
 *   2. the unit and server suites (vitest.config.ts), and beside them the size gate: the
 *      JavaScript a first visit of /order/step-1 loads, at most 150 kB gzip (scripts/size.mjs);
 *   3. the browser suite (scripts/e2e.mjs) on the build of step 1.
 * The suites run one after the other, not together: both keep the two cores busy, and together
 * they took longer than in turn (unit and server 333 s alone, over 750 s beside the browser suite).
 * Each check's output is printed whole when it ends, so parallel checks never interleave.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './app-server.mjs';

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

/** Runs a command; with `capture`, its output is kept and returned instead of shown live. */
function run(command, args, { capture = false, env = process.env } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, {
      cwd: ROOT,
      env,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    if (capture) {
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
    }
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n`, ms: 0 }));
    child.on('close', (code) => resolve({ code: code ?? 1, output, ms: Date.now() - started }));
  });
}

// Longest first, so the two longest run together and the rest fill in around them.
const CHECKS = [
  {
    name: 'typecheck: server, scripts, tests (tsconfig.node.json)',
    command: bin('tsc'),
    args: ['-p', 'tsconfig.node.json'],
  },
  { name: 'typecheck: app (tsconfig.json)', command: bin('tsc'), args: ['-p', 'tsconfig.json'] },
  {
    name: 'build (vite build, for the browser suite)',
    command: bin('vite'),
    // E2E_DIST_DIR: where scripts/e2e.mjs looks for the build (two checkouts sharing one tree).
    args: [
      'build',
      '--logLevel',
      'warn',
      ...(process.env.E2E_DIST_DIR ? ['--outDir', process.env.E2E_DIST_DIR, '--emptyOutDir'] : []),
    ],
  },
  { name: 'lint (Biome)', command: bin('biome'), args: ['check', '.'] },
  {
    name: 'typecheck: service worker (tsconfig.sw.json)',
    command: bin('tsc'),
    args: ['-p', 'tsconfig.sw.json'],
  },
  { name: 'lint:api (Redocly, openapi.yaml)', command: bin('redocly'), args: ['lint', 'openapi.yaml'] },
  // The server's layers, type-only imports of the context included (Biome's zones cannot tell).
  {
    name: 'lint:layers (scripts/server-layers.mjs)',
    command: process.execPath,
    args: ['scripts/server-layers.mjs'],
  },
];

async function runChecks(checks) {
  const queue = [...checks];
  const failed = [];
  const worker = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const result = await run(check.command, check.args, { capture: true });
      const verdict = result.code === 0 ? 'ok' : `FAILED (exit ${result.code})`;
      console.log(`\n── ${check.name}: ${verdict} in ${(result.ms / 1000).toFixed(1)} s`);
      if (result.output.trim()) console.log(result.output.trimEnd());
      if (result.code !== 0) failed.push(check.name);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  return failed;
}

const started = Date.now();
const failed = await runChecks(CHECKS);
if (failed.length > 0) {
  console.error(`\nnpm test: failed before the suites: ${failed.join('; ')}`);
  process.exit(1);
}
console.log(`\n── checks done in ${((Date.now() - started) / 1000).toFixed(1)} s`);

// The step-1 size gate measures bytes, not time, so it runs beside the unit and server suites
// on the build the checks made; its output is printed when they are done.
const [unit, size] = await Promise.all([
  run(bin('vitest'), ['run']),
  run(process.execPath, [join(ROOT, 'scripts', 'size.mjs'), '--no-build'], { capture: true }),
]);
console.log(`\n── size (npm run size -- --no-build): ${size.code === 0 ? 'ok' : 'FAILED'}`);
console.log(size.output.trimEnd());
if (unit.code !== 0) process.exit(unit.code);
if (size.code !== 0) process.exit(size.code);

const e2e = await run(process.execPath, [join(ROOT, 'scripts', 'e2e.mjs')], {
  env: { ...process.env, E2E_SKIP_BUILD: '1' },
});
console.log(`\nnpm test: ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(e2e.code);
