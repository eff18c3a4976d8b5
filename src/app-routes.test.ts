// The server's list of the app's pages (src/domain/app-routes.ts) against the router's own.
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, isAppRoute, normalRoute } from './domain/app-routes';
import tree from './routeTree.gen.ts?raw';

describe('the app’s page addresses', () => {
  it('are the router’s routes, so the server answers 404 for exactly the pages that do not exist', () => {
    // The router's generated tree lists every page by its full path.
    const block = tree.slice(tree.indexOf('interface FileRoutesByFullPath'));
    // Up to the interface's own closing brace: a path may hold braces ('/track/{-$token}').
    const body = block.slice(0, block.indexOf('\n}'));
    const routerPaths = new Set(
      [...body.matchAll(/'([^']+)':/g)].map((match) => normalRoute(match[1] ?? '')),
    );
    expect([...routerPaths].sort()).toEqual([...APP_ROUTES].sort());
  });

  it('match an id in place of its parameter, and nothing else', () => {
    expect(isAppRoute('/cabinet/orders/42')).toBe(true);
    expect(isAppRoute('/cabinet/orders/')).toBe(true);
    expect(isAppRoute('/cabinet/orders/42/extra')).toBe(false);
    expect(isAppRoute('/no-such-page')).toBe(false);
    // An optional parameter: the tracking form and an order's tracking link.
    expect(isAppRoute('/track')).toBe(true);
    expect(isAppRoute('/track/8cY2Hq0v3kZbT1sWmA9dLr5nXeGfUjPoQiRtVy7wBzC')).toBe(true);
    expect(isAppRoute('/track/a/b')).toBe(false);
  });
});
