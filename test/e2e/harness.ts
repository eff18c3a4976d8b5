/**
 * What each browser test file starts from: its own origin (a network switch in front of the
 * shared server, so service workers and caches of one file never leak into another) and fresh
 * Chromium profiles (Debian's chromium through playwright-core, the flags of architecture.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, findChromium, findHeadlessShell } from '../../scripts/find-chromium.mjs';
import type { LaneServer } from './global-setup';
import { type NetworkSwitch, startNetworkSwitch } from './network-switch';

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** The profile folder: what the browser keeps between starts (storage, caches, workers). */
  profile: string;
  /** Content-Security-Policy violations reported by any page of the session so far. */
  cspViolations: string[];
  /** Closes the browser; throws when the app broke its Content-Security-Policy meanwhile. */
  close(): Promise<void>;
}

/** The size of every new browser's page: a large phone. */
export const BROWSER_VIEWPORT = { width: 412, height: 860 };

const CSP_REPORT = 'CSP violation:';

/**
 * Every page reports what the policy blocked (the event also fires for report-only cases), so a
 * test of any screen also proves the app runs under its CSP.
 */
function watchCsp(context: BrowserContext, violations: string[]) {
  void context.addInitScript((prefix) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `${prefix} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  }, CSP_REPORT);
  const listen = (page: Page) =>
    page.on('console', (message) => {
      const text = message.text();
      if (text.startsWith(CSP_REPORT) || /Content Security Policy/.test(text)) violations.push(text);
    });
  for (const page of context.pages()) listen(page);
  context.on('page', listen);
}

export interface Site {
  /** http://localhost:<port>: a secure context, so service workers and push work. */
  origin: string;
  network: NetworkSwitch;
  staticDir: string;
  /** A new Chromium with an empty profile (persistent, as an installed browser would be), online. */
  openBrowser(): Promise<BrowserSession>;
  /** Quits the browser and starts it again on the same profile, as a phone closing the app would. */
  reopenBrowser(session: BrowserSession): Promise<BrowserSession>;
  /** Cuts page, worker and browser fetches alike, and marks the context offline. */
  goOffline(session: BrowserSession): Promise<void>;
  goOnline(session: BrowserSession): Promise<void>;
  close(): Promise<void>;
}

export interface SiteOptions {
  /**
   * The file checks notifications shown (or not shown) by the service worker: it runs in the
   * full Chromium. Others run in the headless shell when scripts/e2e.mjs found one, at about half
   * the CPU; it has no notifications, so a check of them there would pass or fail for nothing.
   */
  notifications?: boolean;
  /**
   * The file closes the browser and starts it again on the same profile (reopenBrowser), to see
   * what the device kept: it runs in the full Chromium, whose shutdown is what a phone's is. In
   * the shell a draft typed just before the close came back empty once in a CI run.
   */
  restarts?: boolean;
}

/**
 * The server of the lane this file runs in (global-setup.ts): vitest numbers its workers from 1,
 * and a worker runs one file at a time, so files running at once never share a server.
 */
export function laneServer(): LaneServer {
  const servers = inject('servers');
  const lane = (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length;
  return servers[lane] as LaneServer;
}

export async function openSite(options: SiteOptions = {}): Promise<Site> {
  const executablePath =
    (!options.notifications && !options.restarts && findHeadlessShell()) || findChromium();
  if (!executablePath) throw new Error('No Chromium: scripts/e2e.mjs should have skipped the suite');
  const network = await startNetworkSwitch(laneServer().port);
  const origin = `http://localhost:${network.port}`;
  const sessions = new Set<BrowserSession>();

  const launch = async (profile: string): Promise<BrowserSession> => {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath,
      args: CHROMIUM_ARGS,
      headless: true,
      baseURL: origin,
      locale: 'ru-RU',
      viewport: BROWSER_VIEWPORT,
      serviceWorkers: 'allow',
    });
    const cspViolations: string[] = [];
    watchCsp(context, cspViolations);
    const page = context.pages()[0] ?? (await context.newPage());
    const session: BrowserSession = {
      context,
      page,
      profile,
      cspViolations,
      async close() {
        sessions.delete(session);
        await context.close().catch(() => undefined);
        rmSync(profile, { recursive: true, force: true });
        if (cspViolations.length > 0)
          throw new Error(`The page broke its Content-Security-Policy:\n${cspViolations.join('\n')}`);
      },
    };
    sessions.add(session);
    return session;
  };

  return {
    origin,
    network,
    staticDir: laneServer().staticDir,
    async openBrowser() {
      network.restore(); // every browser starts online, whatever the previous test did
      return launch(mkdtempSync(join(tmpdir(), 'perevod-e2e-chromium-')));
    },
    async reopenBrowser(session) {
      sessions.delete(session);
      // Already closed when the browser went down with its last page: the profile is what counts.
      await session.context.close().catch(() => undefined);
      return launch(session.profile);
    },
    async goOffline(session) {
      await session.context.setOffline(true);
      network.cut();
    },
    async goOnline(session) {
      network.restore();
      await session.context.setOffline(false);
    },
    async close() {
      for (const session of [...sessions]) await session.close();
      await network.close();
    },
  };
}

/** Resolves when a service worker controls the page (our worker claims clients on activate). */
export async function waitForServiceWorkerControl(page: Page, timeout = 30_000): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout });
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}
