/**
 * The configured map origins (server/config.ts defaults) answered from test/fixtures/map, so a
 * browser test draws maps with no network and the Content-Security-Policy sees the real origins.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'map');
export const MAP_STYLE = readFileSync(join(FIXTURES, 'style.json'));
export const MAP_TILE = readFileSync(join(FIXTURES, 'tile.png'));

export async function serveMapLocally(
  context: BrowserContext,
  onTile: (kind: 'vector' | 'raster') => void = () => undefined,
) {
  await context.route('https://tiles.openfreemap.org/**', (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/styles/liberty')
      return route.fulfill({ status: 200, contentType: 'application/json', body: MAP_STYLE });
    onTile('vector');
    return route.fulfill({ status: 200, contentType: 'image/png', body: MAP_TILE });
  });
  await context.route('https://tile.openstreetmap.org/**', (route) => {
    onTile('raster');
    return route.fulfill({ status: 200, contentType: 'image/png', body: MAP_TILE });
  });
}
