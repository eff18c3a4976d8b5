/**
 * `npx tsx bench/page-start.ts [runs]` — what a first visit of each landing page costs the main
 * thread before the page is usable, in figures that depend little on how busy the machine is:
 * the scripts evaluated (their number and raw bytes) and the modules in them, and beside them
 * the long tasks of a trace under Lighthouse's 4× CPU slowdown (each task over 50 ms, and their
 * sum beyond 50 ms after the first paint, TBT's own rule), median of `runs` fresh browsers.
 * «Usable» is the moment the app has taken the prerendered page over (its root no longer inert)
 * or rendered the page itself (a heading in the root), plus the 2 s that follow, during which
 * the rest of the start (idle-time work) runs.
 *
 * PAGE_START_DIST=a,b compares two builds (each served by a server of its own, runs interleaved);
 * PAGE_START_PATHS=/a,/b measures those pages alone; PAGE_START_TASKS=1 prints what each long
 * task after the first paint is made of (its longest trace events: a script's evaluation, a
 * style and layout pass, a favicon's document). Needs the compiled server and a Chromium.
 */
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { type AppServer, E2E_ADMIN_PASSWORD, startAppServer } from '../scripts/app-server.mjs';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';
import { BENCH_ADMIN_EMAIL } from './admin-sign-in';

const RUNS = Number(process.argv[2] ?? 5);
const SLOWDOWN = 4;
const PAGES = (process.env.PAGE_START_PATHS ?? '/order/step-1?t=1,/cabinet-login,/cabinet/orders').split(',');
const SIGNED_IN = new Set(['/cabinet/orders']);

interface Run {
  scripts: number;
  scriptBytes: number;
  longTasks: number[];
  blocking: number;
  usableAt: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { documentLoaderURL?: string; url?: string; functionName?: string } };
}

/** A task's longest events by name (a script's by its file), e.g. «EvaluateScript index.js=148». */
function taskMakeup(task: TraceEvent, events: readonly TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const longest = new Map<string, number>();
  for (const event of events) {
    if (event === task || !event.dur || event.ts < task.ts || event.ts >= end) continue;
    if (event.pid !== task.pid || event.tid !== task.tid) continue;
    const data = event.args?.data;
    const what = data?.url ? data.url.replace(/.*\//, '') : (data?.functionName ?? '');
    const name = what ? `${event.name} ${what}` : event.name;
    longest.set(name, Math.max(longest.get(name) ?? 0, event.dur / 1000));
  }
  return [...longest]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, ms]) => `${name}=${Math.round(ms)}`)
    .join('; ');
}

async function session(origin: string): Promise<Record<string, string>> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: BENCH_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD }),
  });
  const { token, user } = (await response.json()) as { token: string; user: { role: string; email: string } };
  return {
    cabinet_token: token,
    cabinet_authStatus: 'AUTHORIZED',
    cabinet_role: user.role,
    cabinetUserProfile: JSON.stringify({ email: user.email, phoneNumber: null }),
  };
}

async function measure(executablePath: string, origin: string, path: string): Promise<Run> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      serviceWorkers: 'block',
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    if (SIGNED_IN.has(path.replace(/\?.*/, ''))) {
      const storage = await session(origin);
      await page.goto(`${origin}/favicon.svg`);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
    }
    const scripts = new Map<string, number>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      void response.body().then(
        (body) => scripts.set(response.url(), body.length),
        () => undefined,
      );
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: process.env.PAGE_START_TASKS
        ? 'devtools.timeline,loading,disabled-by-default-devtools.timeline,v8,v8.execute,blink'
        : 'devtools.timeline,loading,disabled-by-default-devtools.timeline',
      transferMode: 'ReportEvents',
    });
    await page.goto(origin + path, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => {
        const root = document.getElementById('root');
        return !!root && !root.hasAttribute('inert') && !!root.querySelector('h1');
      },
      null,
      { timeout: 120_000, polling: 50 },
    );
    const usableAt = await page.evaluate(() => performance.now());
    const scriptsWhenUsable = new Map(scripts);
    await page.waitForTimeout(2000);
    await cdp.send('Tracing.end');
    await complete;

    const threads = new Map(
      events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]),
    );
    const tasks = events.filter(
      (e) => e.name === 'RunTask' && e.dur && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain',
    );
    const busiest = new Map<string, number>();
    for (const task of tasks)
      busiest.set(`${task.pid}:${task.tid}`, (busiest.get(`${task.pid}:${task.tid}`) ?? 0) + (task.dur ?? 0));
    const main = [...busiest].sort((a, b) => b[1] - a[1])[0]?.[0];
    const fcp = events.filter((e) => e.name === 'firstContentfulPaint').at(-1)?.ts ?? 0;
    const longTasks = tasks.filter(
      (task) => `${task.pid}:${task.tid}` === main && (task.dur ?? 0) > 50_000 && task.ts >= fcp,
    );
    if (process.env.PAGE_START_TASKS)
      for (const task of longTasks)
        console.log(
          `  ${path}: task ${Math.round((task.ts - fcp) / 1000)} ms after FCP, ${Math.round((task.dur ?? 0) / 1000)} ms: ${taskMakeup(task, events)}`,
        );
    const long = longTasks.map((task) => (task.dur ?? 0) / 1000);
    return {
      scripts: scriptsWhenUsable.size,
      scriptBytes: [...scriptsWhenUsable.values()].reduce((sum, bytes) => sum + bytes, 0),
      longTasks: long,
      blocking: long.reduce((sum, ms) => sum + ms - 50, 0),
      usableAt,
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium');
  const builds = (process.env.PAGE_START_DIST ?? 'dist').split(',');
  const servers: AppServer[] = [];
  try {
    for (const staticDir of builds)
      servers.push(await startAppServer({ compiled: true, staticDir, env: { LOG_LEVEL: 'warn' } }));
    for (const path of PAGES) {
      const runs: Run[][] = builds.map(() => []);
      for (let run = 0; run < RUNS; run++)
        for (const [index, server] of servers.entries())
          runs[index]?.push(await measure(executablePath, server.url, path));
      for (const [index, build] of builds.entries()) {
        const of = runs[index] ?? [];
        const counts = of.map((r) => r.longTasks.length);
        console.log(
          `${path} [${build}]: ${median(of.map((r) => r.scripts))} scripts, ${(median(of.map((r) => r.scriptBytes)) / 1000).toFixed(1)} kB raw evaluated before usable; ` +
            `usable at ${Math.round(median(of.map((r) => r.usableAt)))} ms; long tasks after FCP at ${SLOWDOWN}× ${median(counts)} ` +
            `(blocking ${Math.round(median(of.map((r) => r.blocking)))} ms, runs ${of.map((r) => Math.round(r.blocking)).join(', ')}; ` +
            `tasks ${of.map((r) => r.longTasks.map(Math.round).join('+')).join(' | ')}); load average ${loadavg()[0]?.toFixed(1)}`,
        );
      }
    }
  } finally {
    for (const server of servers) await server.stop();
  }
}

await main();
