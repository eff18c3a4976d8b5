/**
 * `npm run lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone, slow 4G,
 * 4× CPU slowdown) of /order/step-1 on the real server serving dist/, against the budget:
 * performance and accessibility at least 95 each. Several runs, the median reported, because
 * one run on a shared machine moves by several points.
 *
 * Lighthouse is not a dependency of the project (about 50 MB that `npm ci` would install for
 * every CI run): the pinned version is fetched by npx from the npm registry on first use and
 * drives the system Chromium (CHROME_PATH); 12.x is the last line that runs on Node 20.
 * Usage: node scripts/lighthouse.mjs [--no-build] [runs, default 3]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startAppServer } from './app-server.mjs';
import { findChromium } from './find-chromium.mjs';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const ROUTE = process.env.LIGHTHOUSE_PATH ?? '/order/step-1';
const BUDGET = { performance: 95, accessibility: 95 };
const args = process.argv.slice(2);
const runs = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 3);

const chromium = findChromium();
if (!chromium) {
  console.error('lighthouse: no Chromium found (set CHROME_PATH or apt-get install -y chromium)');
  process.exit(1);
}
if (!args.includes('--no-build')) {
  const built = spawnSync(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const server = await startAppServer({ env: { LOG_LEVEL: 'warn' } });
const folder = mkdtempSync(join(tmpdir(), 'perevod-lighthouse-'));
/** @type {Array<Record<string, number>>} */
const results = [];
try {
  for (let run = 1; run <= runs; run++) {
    const report = join(folder, `run-${run}.json`);
    const audit = spawnSync(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        `${server.url}${ROUTE}`,
        '--only-categories=performance,accessibility',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
      ],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, CHROME_PATH: chromium } },
    );
    if (audit.status !== 0) throw new Error(`lighthouse exited with ${audit.status}`);
    const json = JSON.parse(readFileSync(report, 'utf8'));
    const scores = Object.fromEntries(
      Object.entries(json.categories).map(([name, category]) => [name, Math.round(category.score * 100)]),
    );
    const metric = (id) => json.audits[id]?.numericValue ?? Number.NaN;
    results.push({
      ...scores,
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    });
    const failed =
      json.audits &&
      Object.values(json.audits).filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary');
    console.log(
      `run ${run}: performance ${scores.performance}, accessibility ${scores.accessibility}; FCP ${Math.round(metric('first-contentful-paint'))} ms, LCP ${Math.round(metric('largest-contentful-paint'))} ms, TBT ${Math.round(metric('total-blocking-time'))} ms, CLS ${metric('cumulative-layout-shift').toFixed(3)}${failed.length ? `; failed audits: ${failed.map((a) => a.id).join(', ')}` : ''}`,
    );
  }
} finally {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
}

const median = (key) => {
  const values = results.map((result) => result[key]).sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)];
};
let ok = true;
console.log(`\nLighthouse mobile, ${ROUTE}, median of ${runs} runs:`);
for (const [category, budget] of Object.entries(BUDGET)) {
  const score = median(category);
  const pass = score >= budget;
  ok &&= pass;
  console.log(`${pass ? 'PASS' : 'FAIL'}  ${category} ${score} (budget ≥ ${budget})`);
}
console.log(
  `      FCP ${Math.round(median('fcp'))} ms, LCP ${Math.round(median('lcp'))} ms, TBT ${Math.round(median('tbt'))} ms, CLS ${median('cls').toFixed(3)}`,
);
if (!ok) process.exitCode = 1;
