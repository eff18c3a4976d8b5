/**
 * The pickup map of step 4 in Chromium (WebGL through SwiftShader), with no network: the map
 * style and tiles are answered from test/fixtures/map at the configured addresses, so the
 * Content-Security-Policy sees the real origins. What the map draws is read from the data-*
 * attributes the component mirrors it into (rendered features, in container pixels).
 * MAP_SCREENSHOTS=<folder> also saves step 4 at 360x740 and 1440x900 there.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openSite, type Site, waitForServiceWorkerControl } from './harness';
import { serveMapLocally as serveMapTiles } from './map-fixtures';
import { fillStepOne, reachPickupChoice } from './order-steps';

interface Rendered {
  clusters: Array<{ count: number; x: number; y: number }>;
  points: Array<{ id: number; x: number; y: number }>;
}

let site: Site;
let session: BrowserSession;
const consoleProblems: string[] = [];
const tileRequests = { vector: 0, raster: 0 };

/** The configured map origins (server/config.ts defaults) answered locally; nothing else leaves. */
async function serveMapLocally(page: Page) {
  await serveMapTiles(page.context(), (kind) => {
    tileRequests[kind] += 1;
  });
}

const mapBlock = (page: Page) => page.locator('[data-map-provider]');

async function rendered(page: Page): Promise<Rendered> {
  const text = await mapBlock(page).getAttribute('data-rendered');
  return text ? (JSON.parse(text) as Rendered) : { clusters: [], points: [] };
}

/** Clicks at a position of the map container, as a finger or a mouse would. */
async function clickOnMap(page: Page, x: number, y: number) {
  const box = await page.getByRole('region', { name: /Карта пунктов выдачи/ }).boundingBox();
  if (!box) throw new Error('the map has no box');
  await page.mouse.click(box.x + x, box.y + y);
}

async function settledRendering(page: Page, accept: (r: Rendered) => boolean): Promise<Rendered> {
  await expect.poll(async () => accept(await rendered(page)), { timeout: 20_000 }).toBe(true);
  return rendered(page);
}

beforeAll(async () => {
  site = await openSite();
  session = await site.openBrowser();
  session.page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) consoleProblems.push(message.text());
  });
  session.page.on('pageerror', (error) => consoleProblems.push(String(error)));
  await serveMapLocally(session.page);
});

afterAll(async () => {
  await site?.close();
});

describe('the pickup map on step 4', () => {
  it('shows clustered points, and a point chosen on the map becomes the delivery', async () => {
    const { page } = session;
    await fillStepOne(page);
    await waitForServiceWorkerControl(page);
    await reachPickupChoice(page, 'map@example.com');

    await expect.poll(() => mapBlock(page).getAttribute('data-map-state'), { timeout: 30_000 }).toBe('ready');
    expect(await mapBlock(page).getAttribute('data-map-provider')).toBe('maplibre');
    // Zoom 10 over Moscow on a phone: most of the demo points, drawn as clusters with counts.
    let view = await settledRendering(page, (r) => r.clusters.length > 0);
    const inClusters = view.clusters.reduce((sum, c) => sum + c.count, 0);
    expect(inClusters + view.points.length).toBeGreaterThanOrEqual(10);
    expect(view.clusters.every((c) => c.count >= 2)).toBe(true);
    await expect
      .poll(() => page.locator('[data-cluster]').first().textContent())
      .toBe(String(view.clusters.find((c) => c.count > 0)?.count ?? ''));
    expect(tileRequests.vector).toBeGreaterThan(0);

    // A click on the biggest cluster zooms in, until single points are drawn.
    for (let attempt = 0; view.points.length === 0 && attempt < 6; attempt += 1) {
      const biggest = [...view.clusters].sort((a, b) => b.count - a.count)[0];
      if (!biggest) break;
      const before = JSON.stringify(view);
      await clickOnMap(page, biggest.x, biggest.y);
      view = await settledRendering(page, (r) => JSON.stringify(r) !== before);
    }
    const target = view.points[0];
    expect(target, 'single points after zooming into clusters').toBeDefined();
    if (!target) return;
    await page.waitForTimeout(300); // the last ease has settled (idle fired); click the drawn point
    await clickOnMap(page, target.x, target.y);

    const card = page.getByRole('region', { name: /^Выбран пункт: / });
    await expect
      .poll(() => card.getAttribute('data-chosen-point'), { timeout: 10_000 })
      .toBe(String(target.id));
    const name = ((await card.getByRole('heading').textContent()) ?? '').replace('Выбран пункт: ', '');
    expect(await page.getByRole('radio', { name: new RegExp(name) }).isChecked()).toBe(true);

    // The choice is in the draft: it is there after a reload.
    await page.waitForTimeout(500);
    await page.reload();
    await expect
      .poll(() => page.getByRole('region', { name: `Выбран пункт: ${name}` }).count(), { timeout: 20_000 })
      .toBe(1);
  });

  it('switches to Leaflet, which draws the markers over raster tiles', async () => {
    const { page } = session;
    await page.getByRole('button', { name: /^Другая карта/ }).click();
    await expect.poll(() => mapBlock(page).getAttribute('data-map-provider')).toBe('leaflet');
    await expect.poll(() => mapBlock(page).getAttribute('data-map-state'), { timeout: 30_000 }).toBe('ready');
    const view = await settledRendering(page, (r) => r.clusters.length + r.points.length > 0);
    expect(view.clusters.length + view.points.length).toBeGreaterThan(0);
    expect(await page.locator('.leaflet-marker-icon').count()).toBeGreaterThan(0);
    expect(tileRequests.raster).toBeGreaterThan(0);
  });

  it('still draws the points with MapLibre when the style and tiles cannot load, and says why the streets are missing', async () => {
    const { page } = session;
    await page.context().unroute('https://tiles.openfreemap.org/**');
    await page
      .context()
      .route('https://tiles.openfreemap.org/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: /^Другая карта/ }).click();
    await expect.poll(() => mapBlock(page).getAttribute('data-map-provider')).toBe('maplibre');
    await expect.poll(() => mapBlock(page).getAttribute('data-map-state'), { timeout: 30_000 }).toBe('ready');
    const view = await settledRendering(page, (r) => r.clusters.length + r.points.length > 0);
    expect(view.clusters.length + view.points.length).toBeGreaterThan(0);
    const note = page.getByText(/^Улицы на карте не загрузились/);
    await note.waitFor();
    expect(await mapBlock(page).getAttribute('data-base-map')).toBe('missing');
    await page.context().unroute('https://tiles.openfreemap.org/**');

    // Leaflet's raster tiles refused: the grey squares are explained too.
    await page.context().unroute('https://tile.openstreetmap.org/**');
    await page
      .context()
      .route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: /^Другая карта/ }).click();
    await expect.poll(() => mapBlock(page).getAttribute('data-map-provider')).toBe('leaflet');
    await expect
      .poll(() => mapBlock(page).getAttribute('data-base-map'), { timeout: 30_000 })
      .toBe('missing');
    await note.waitFor();
    await page.context().unroute('https://tile.openstreetmap.org/**');
    await page.getByRole('button', { name: /^Другая карта/ }).click();
  });

  it.runIf(process.env.MAP_SCREENSHOTS)('looks right on a phone and a wide screen', async () => {
    const { page } = session;
    const folder = process.env.MAP_SCREENSHOTS ?? '';
    mkdirSync(folder, { recursive: true });
    await serveMapLocally(page);
    await page.reload();
    await expect.poll(() => mapBlock(page).getAttribute('data-map-state'), { timeout: 30_000 }).toBe('ready');
    // Back to the whole city: clusters with their counts.
    for (let step = 0; step < 6; step += 1) await page.getByRole('button', { name: 'Отдалить' }).click();
    for (const [width, height] of [
      [360, 740],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(1500);
      await page.getByRole('region', { name: /Карта пунктов выдачи/ }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(folder, `step-4-${width}x${height}.png`) });
      await page.screenshot({ path: join(folder, `step-4-${width}x${height}-full.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `nothing wider than ${width} px`).toBeLessThanOrEqual(0);
    }
  });

  it('ran with no Content-Security-Policy violation and no page error', () => {
    expect(consoleProblems).toEqual([]);
  });
});
