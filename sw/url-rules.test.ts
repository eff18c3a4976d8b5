import { describe, expect, it } from 'vitest';
import {
  isApiPath,
  isAppNavigation,
  isCacheablePhotoResponse,
  isLazyChunk,
  isPickupPointPhoto,
  NAVIGATION_DENYLIST,
  runsOnThisBuild,
} from './url-rules';

const deniedByNavigationRoute = (pathAndSearch: string) =>
  NAVIGATION_DENYLIST.some((re) => re.test(pathAndSearch));

describe('which navigations get the offline shell', () => {
  it.each([
    '/',
    '/?pwa=true',
    '/order/step-1',
    '/order/step-1?v=171',
    '/cabinet/orders/42',
    '/crm/partner/3/points/',
    '/cabinet-login?email=anna@example.ru&hash=abc',
  ])('%s opens offline', (path) => {
    expect(deniedByNavigationRoute(path)).toBe(false);
    expect(isAppNavigation(path.split('?')[0] ?? path)).toBe(true);
  });

  it.each([
    '/api/health',
    '/api/order?x=1',
    '/api',
    '/service-worker.js',
    '/robots.txt',
    '/manifest.webmanifest',
    '/pay/demo/demo_RoAN2SzUaK5GbDJOCq1OiB3n',
  ])('%s is left to the network', (path) => {
    expect(deniedByNavigationRoute(path)).toBe(true);
    expect(isAppNavigation(path.split('?')[0] ?? path)).toBe(false);
  });
});

describe('runtime caches', () => {
  it('treats only /api and /api/* as API', () => {
    expect(isApiPath('/api/files/1')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
  });

  it('caches hashed chunks left out of the precache, not other paths', () => {
    expect(isLazyChunk('/assets/maplibre-gl-BdX3k9.js')).toBe(true);
    expect(isLazyChunk('/assets/maplibre-gl-worker-Ck2.mjs')).toBe(true);
    expect(isLazyChunk('/icons/icon-192.png')).toBe(false);
    expect(isLazyChunk('/api/assets/x.js')).toBe(false);
  });

  it('keeps pickup-point photos loaded by <img>, never a file fetched by script', () => {
    expect(isPickupPointPhoto('/api/files/0b7c6d1e', 'image')).toBe(true);
    expect(isPickupPointPhoto('/api/files/0b7c6d1e', '')).toBe(false);
    expect(isPickupPointPhoto('/api/point/1', 'image')).toBe(false);
  });

  it('never stores a private or failed photo answer', () => {
    const headers = (h: Record<string, string>) => new Headers(h);
    expect(isCacheablePhotoResponse(200, headers({ 'content-type': 'image/jpeg' }))).toBe(true);
    expect(
      isCacheablePhotoResponse(
        200,
        headers({ 'content-type': 'image/jpeg', 'cache-control': 'private, no-store' }),
      ),
    ).toBe(false);
    expect(isCacheablePhotoResponse(200, headers({ 'content-type': 'application/pdf' }))).toBe(false);
    expect(isCacheablePhotoResponse(404, headers({ 'content-type': 'image/png' }))).toBe(false);
  });
});

describe('which prerendered step pages the worker keeps', () => {
  const page = (entry: string, prerendered = true) =>
    `<head><script type="module" crossorigin src="${entry}"></script></head><body><div id="root"${prerendered ? ' data-prerendered="" inert' : ''}></div></body>`;
  const precached = (url: string) => url === '/assets/index-Abc123.js';

  it('keeps a prerendered page whose entry script is in its own precache', () => {
    expect(runsOnThisBuild(page('/assets/index-Abc123.js'), precached)).toBe(true);
  });

  it('leaves a page from a newer build, whose entry it has not precached', () => {
    expect(runsOnThisBuild(page('/assets/index-Def456.js'), precached)).toBe(false);
  });

  it('leaves the plain index.html, which the precache already holds', () => {
    expect(runsOnThisBuild(page('/assets/index-Abc123.js', false), precached)).toBe(false);
  });
});
