/**
 * `npm run test:e2e`: the browser suite. Finds a system Chromium (CHROME_PATH, /usr/bin/chromium,
 * PATH); without one it skips LOUDLY and exits 0, or fails when E2E_REQUIRED=1 (CI). Files run
 * in Debian's chromium-headless-shell when it is installed (find-chromium.mjs). Then builds
 * the app (unless E2E_SKIP_BUILD=1) and runs vitest with vitest.e2e.config.ts.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './app-server.mjs';
import { findChromium, findHeadlessShell } from './find-chromium.mjs';

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

const chromium = findChromium();
if (!chromium) {
  const required = process.env.E2E_REQUIRED === '1';
  const bar = '!'.repeat(78);
  console.error(
    [
      '',
      bar,
      required
        ? '!!  BROWSER TESTS FAILED: NO CHROMIUM, AND E2E_REQUIRED=1'
        : '!!  BROWSER TESTS SKIPPED: NO CHROMIUM FOUND',
      '!!',
      '!!  The end-to-end suite (service worker, offline, installability) did NOT run.',
      `!!  Looked at: CHROME_PATH=${process.env.CHROME_PATH ?? '(unset)'}, /usr/bin/chromium, chromium in PATH.`,
      '!!  Install it:  apt-get install -y chromium      (or set CHROME_PATH)',
      '!!  Never download a browser for the tests (no `npx playwright install`).',
      required ? '' : '!!  Set E2E_REQUIRED=1 to make this an error (CI does).',
      bar,
      '',
    ]
      .filter((line) => line !== '')
      .join('\n'),
  );
  process.exit(required ? 1 : 0);
}
console.log(`e2e: Chromium at ${chromium}`);
const shell = findHeadlessShell();
console.log(
  shell
    ? `e2e: most files in the headless shell at ${shell}; the files about notifications in Chromium`
    : 'e2e: no chromium-headless-shell (apt-get install -y chromium-headless-shell): every file in Chromium, about twice the CPU',
);

if (process.env.E2E_SKIP_BUILD === '1') {
  console.log('e2e: E2E_SKIP_BUILD=1, using the existing dist/');
} else {
  // E2E_DIST_DIR lets two checkouts' worth of work share one tree without building over each other.
  const outDir = process.env.E2E_DIST_DIR ? ['--outDir', process.env.E2E_DIST_DIR, '--emptyOutDir'] : [];
  const status = run(bin('vite'), ['build', '--logLevel', 'warn', ...outDir]);
  if (status !== 0) process.exit(status);
}

const args = process.argv.slice(2);
// Named files (one file, or a few while working on them): one lane, so no server starts unused.
// Otherwise test/e2e/lanes.ts's default holds.
const someFiles = args.some((arg) => arg.endsWith('.e2e.test.ts'));
const status = run(bin('vitest'), ['run', '--config', 'vitest.e2e.config.ts', ...args], {
  ...process.env,
  ...(someFiles && process.env.E2E_LANES === undefined ? { E2E_LANES: '1' } : {}),
  CHROME_PATH: chromium,
  E2E_HEADLESS_SHELL: shell ?? 'off',
});
process.exit(status);
