/**
 * `npm run lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone, slow 4G,
 * 4× CPU slowdown) of the pages customers land on, on the real server as `npm start` runs it
 * (compiled, serving dist/; built first unless --no-build): a bare
 * /order/step-1 (the redirect to the cache-busting address included), /order/step-1 with the
 * query, /cabinet-login, and /cabinet/orders signed in. Several runs per page, the median
 * reported against the targets, because one run on a shared machine moves by several points;
 * each run's benchmarkIndex (Lighthouse's measure of the machine's speed at that moment) and
 * load average are printed beside it, since the same build scores differently on a slower or
 * busier machine.
 *
 * Signed in: the session is what the sign-in page stores (localStorage), so for that page the
 * script starts Chromium itself with a fresh profile per run, writes the session into it on a
 * plain file of the origin (no app code, nothing cached but that file), and lets Lighthouse drive
 * that browser (--port) without its storage reset, which would wipe the session.
 *
 * Lighthouse is not a dependency of the project (about 50 MB that `npm ci` would install for
 * every CI run): the pinned version is fetched by npx from the npm registry on first use and
 * drives the system Chromium (CHROME_PATH); 12.x is the last line that runs on Node 20.
 * Usage: node scripts/lighthouse.mjs [--no-build] [runs, default 3]
 *        LIGHTHOUSE_PATH=/a,/b audits those pages alone; LIGHTHOUSE_STATIC_DIR=folder another build;
 *        LIGHTHOUSE_KEEP=1 keeps the JSON reports (their folder is printed) for a closer look.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_ADMIN_PASSWORD, freePort, ROOT, startAppServer } from './app-server.mjs';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';

const LIGHTHOUSE = 'lighthouse@12.8.2';
/** @type {Array<{ path: string, signedIn?: boolean }>} */
const LANDING_PAGES = [
  { path: '/order/step-1' },
  { path: '/order/step-1?t=lighthouse' },
  { path: '/cabinet-login' },
  { path: '/cabinet/orders', signedIn: true },
];
const chosen = process.env.LIGHTHOUSE_PATH;
const PAGES = chosen
  ? chosen.split(',').map((path) => LANDING_PAGES.find((page) => page.path === path) ?? { path })
  : LANDING_PAGES;
/** Lower is better for every metric but the scores. */
const TARGETS = [
  { key: 'performance', label: 'performance', min: 95, format: String },
  { key: 'accessibility', label: 'accessibility', min: 95, format: String },
  { key: 'lcp', label: 'LCP', max: 2000, format: (v) => `${Math.round(v)} ms` },
  { key: 'tbt', label: 'TBT', max: 150, format: (v) => `${Math.round(v)} ms` },
  { key: 'cls', label: 'CLS', max: 0.05, format: (v) => v.toFixed(3) },
];
const ADMIN_LOGIN = 'admin@perevod.local';
const args = process.argv.slice(2);
const runs = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 3);

const chromium = findChromium();
if (!chromium) {
  console.error('lighthouse: no Chromium found (set CHROME_PATH or apt-get install -y chromium)');
  process.exit(1);
}
if (!args.includes('--no-build')) {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** A cabinet session for the seeded admin (every account has a personal cabinet). */
async function cabinetSession(origin) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: ADMIN_LOGIN, password: E2E_ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in for the audit: HTTP ${response.status}`);
  const { token, user } = await response.json();
  return {
    cabinet_token: token,
    cabinet_authStatus: 'AUTHORIZED',
    cabinet_role: user.role,
    cabinetUserProfile: JSON.stringify({ email: user.email, phoneNumber: null }),
  };
}

/** Runs Lighthouse once on `url`; `port` drives an already started Chromium. */
function lighthouse(url, report, port) {
  const browser = port
    ? [`--port=${port}`, '--disable-storage-reset']
    : ['--chrome-flags=--headless=new --no-sandbox --disable-gpu'];
  const audit = spawnSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--only-categories=performance,accessibility',
      ...browser,
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, CHROME_PATH: chromium } },
  );
  if (audit.status !== 0) throw new Error(`lighthouse exited with ${audit.status}`);
  return JSON.parse(readFileSync(report, 'utf8'));
}

/**
 * A Chromium with a fresh profile holding `storage` in the origin's localStorage, for --port.
 * Started as a plain child, not by Playwright: Playwright's pipe to the browser needs this event
 * loop, which the synchronous Lighthouse run blocks, and Chromium then stalls writing to it.
 */
async function signedInBrowser(origin, storage) {
  const { chromium: playwright } = await import('playwright-core');
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'perevod-lighthouse-chromium-'));
  const child = spawn(
    chromium,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore', detached: true },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const close = async () => {
    // The whole group: the browser's helpers (zygote, renderers) would keep writing to the profile.
    try {
      process.kill(-child.pid);
    } catch {
      child.kill();
    }
    await exited;
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    } catch (error) {
      console.warn(`lighthouse: could not remove ${profile}: ${error.message}`);
    }
  };
  try {
    let browser;
    for (let attempt = 0; !browser; attempt++) {
      browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`).catch((error) => {
        if (attempt > 60) throw error;
        return new Promise((resolve) => setTimeout(() => resolve(undefined), 500));
      });
    }
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
    await page.close();
    await browser.close(); // over CDP this only disconnects; the browser stays for Lighthouse
  } catch (error) {
    await close();
    throw error;
  }
  return { port, close };
}

function figures(json) {
  const metric = (id) => json.audits[id]?.numericValue ?? Number.NaN;
  const requests = json.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  return {
    ...Object.fromEntries(
      Object.entries(json.categories).map(([name, category]) => [name, Math.round(category.score * 100)]),
    ),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    documents: requests.filter((item) => item.resourceType === 'Document').length,
    benchmarkIndex: json.environment?.benchmarkIndex ?? Number.NaN,
    load: loadavg()[0] ?? Number.NaN,
    finalPath: new URL(json.finalDisplayedUrl ?? json.finalUrl).pathname,
  };
}

const line = (r) =>
  `performance ${r.performance}, accessibility ${r.accessibility}; FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}, JS ${(r.jsBytes / 1000).toFixed(1)} kB transferred, ${r.documents} document request(s), ended at ${r.finalPath}; benchmarkIndex ${Math.round(r.benchmarkIndex)}, load average ${r.load.toFixed(1)}`;

// LIGHTHOUSE_STATIC_DIR audits another build (an older one, for a before/after) with this server.
const server = await startAppServer({
  compiled: true,
  staticDir: process.env.LIGHTHOUSE_STATIC_DIR ?? 'dist',
  env: { LOG_LEVEL: 'warn' },
});
const folder = mkdtempSync(join(tmpdir(), 'perevod-lighthouse-'));
/** @type {Array<{ path: string, median: Record<string, number> }>} */
const summary = [];
try {
  for (const { path, signedIn } of PAGES) {
    const session = signedIn ? await cabinetSession(server.url) : null;
    /** @type {Array<Record<string, number>>} */
    const results = [];
    for (let run = 1; run <= runs; run++) {
      const report = join(folder, `run-${summary.length}-${run}.json`);
      // Lighthouse now and then loses its own trace (NO_NAVSTART) on a busy machine: one retry.
      for (let attempt = 1; ; attempt++) {
        const browser = session ? await signedInBrowser(server.url, session) : null;
        try {
          results.push(figures(lighthouse(`${server.url}${path}`, report, browser?.port)));
          break;
        } catch (error) {
          if (attempt === 2) throw error;
          console.warn(`${path} run ${run}: ${error.message}; once more`);
        } finally {
          await browser?.close();
        }
      }
      console.log(`${path} run ${run}: ${line(results.at(-1))}`);
    }
    const median = Object.fromEntries(
      Object.keys(results[0])
        .filter((key) => key !== 'finalPath')
        .map((key) => {
          const values = results.map((result) => result[key]).sort((a, b) => a - b);
          return [key, values[Math.floor(values.length / 2)]];
        }),
    );
    summary.push({ path: signedIn ? `${path} (signed in)` : path, median });
  }
} finally {
  await server.stop();
  if (process.env.LIGHTHOUSE_KEEP) console.log(`\nreports kept in ${folder}`);
  else rmSync(folder, { recursive: true, force: true });
}

let ok = true;
console.log(`\nLighthouse mobile, median of ${runs} runs per page:`);
for (const { path, median } of summary) {
  console.log(`\n${path}`);
  for (const target of TARGETS) {
    const value = median[target.key];
    const pass = target.min !== undefined ? value >= target.min : value <= target.max;
    ok &&= pass;
    const bound = target.min !== undefined ? `≥ ${target.min}` : `≤ ${target.format(target.max)}`;
    console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${target.label} ${target.format(value)} (target ${bound})`);
  }
  console.log(
    `        FCP ${Math.round(median.fcp)} ms; JavaScript ${(median.jsBytes / 1000).toFixed(1)} kB transferred (compressed); benchmarkIndex ${Math.round(median.benchmarkIndex)} (median)`,
  );
}
if (!ok) process.exitCode = 1;
