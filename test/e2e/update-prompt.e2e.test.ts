/**
 * Issue 2: a new version is offered, never swapped in silently. A "release" here is a changed
 * service-worker.js in the server's copy of dist/ — byte-different, as every build is — so no
 * second build is needed. The new worker must wait until the user presses «Обновить».
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openSite, type Site, waitForServiceWorkerControl } from './harness';

let site: Site;
let session: BrowserSession;
let workerFile: string;
let originalWorker: string;
/** The build's precompressed copies beside service-worker.js, which the server prefers. */
const compressed = { br: brotliCompressSync, gz: gzipSync } as const;
let originalCompressed: Partial<Record<keyof typeof compressed, Buffer>> = {};

/** Publishes `source` as the worker, with its .br and .gz, as a new build would. */
function publishWorker(source: string) {
  writeFileSync(workerFile, source);
  for (const [extension, compress] of Object.entries(compressed)) {
    if (existsSync(`${workerFile}.${extension}`))
      writeFileSync(`${workerFile}.${extension}`, compress(source));
  }
}

beforeAll(async () => {
  site = await openSite();
  workerFile = join(site.staticDir, 'service-worker.js');
  originalWorker = readFileSync(workerFile, 'utf8');
  originalCompressed = Object.fromEntries(
    Object.keys(compressed)
      .filter((extension) => existsSync(`${workerFile}.${extension}`))
      .map((extension) => [extension, readFileSync(`${workerFile}.${extension}`)]),
  );
  session = await site.openBrowser();
  await session.page.goto('/order/step-1');
  await waitForServiceWorkerControl(session.page);
  // A returning visit: the page starts under the installed worker, as it does for real users.
  await session.page.reload();
  await waitForServiceWorkerControl(session.page);
});

afterAll(async () => {
  if (workerFile) {
    writeFileSync(workerFile, originalWorker);
    for (const [extension, bytes] of Object.entries(originalCompressed))
      writeFileSync(`${workerFile}.${extension}`, bytes);
  }
  await site?.close();
});

describe('a new version', () => {
  it('installs in the background and waits instead of taking over the open page', async () => {
    const { page } = session;
    publishWorker(`${originalWorker}\n// e2e: next release ${Date.now()}\n`);

    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      if (!registration) throw new Error('no registration');
      const states: string[] = [];
      Object.assign(window, { __e2eNewWorkerStates: states });
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        worker?.addEventListener('statechange', () => states.push(worker.state));
      });
      await registration.update();
    });
    await page.waitForFunction(
      () =>
        ((window as unknown as { __e2eNewWorkerStates: string[] }).__e2eNewWorkerStates ?? []).includes(
          'installed',
        ),
      null,
      { timeout: 30_000 },
    );
    // Long enough for an automatic skipWaiting to have shown itself.
    await page.waitForTimeout(3_000);

    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        states: (window as unknown as { __e2eNewWorkerStates: string[] }).__e2eNewWorkerStates,
        waiting: registration?.waiting?.state ?? null,
        oldWorkerStillControls: navigator.serviceWorker.controller === registration?.active,
      };
    });
    expect(state.states, 'the new worker stopped at "installed"').toEqual(['installed']);
    expect(state.waiting).toBe('installed');
    expect(state.oldWorkerStillControls).toBe(true);
  });

  it('is offered with «Доступна новая версия», and «Обновить» reloads into it', async () => {
    const { page } = session;
    const notice = page.getByText('Доступна новая версия');
    await notice.waitFor({ state: 'visible', timeout: 15_000 });
    // The button that belongs to the notice: the nearest ancestor of the text holding a button.
    const prompt = notice.locator('xpath=ancestor::*[.//button][1]');

    await page.evaluate(() => {
      sessionStorage.setItem('e2e-controller-changed', 'no');
      navigator.serviceWorker.addEventListener('controllerchange', () =>
        sessionStorage.setItem('e2e-controller-changed', 'yes'),
      );
      Object.assign(window, { __e2eBeforeUpdate: true });
    });
    await prompt.getByRole('button', { name: 'Обновить', exact: true }).click();

    // The app reloads once the new worker controls it: the marker on window is gone.
    await page.waitForFunction(() => !('__e2eBeforeUpdate' in window), null, { timeout: 30_000 });
    await page.waitForLoadState('load');
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        controllerChanged: sessionStorage.getItem('e2e-controller-changed'),
        waiting: registration?.waiting?.state ?? null,
        controlled: navigator.serviceWorker.controller !== null,
      };
    });
    expect(after).toEqual({ controllerChanged: 'yes', waiting: null, controlled: true });
  });
});
