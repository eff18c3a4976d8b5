/**
 * The built app under the real server's headers: the Content-Security-Policy and its neighbours
 * arrive on the page, assets come precompressed, and the suite's CSP watch (harness.ts) really
 * catches a violation, so every other browser test proves the app runs under the policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openSite, type Site } from './harness';

let site: Site;
let session: BrowserSession;

beforeAll(async () => {
  site = await openSite();
  session = await site.openBrowser();
});

afterAll(async () => {
  await site?.close();
});

describe('security headers in the browser', () => {
  it('serves the order form with CSP, nosniff, referrer and permissions policies', async () => {
    const headerErrors: string[] = [];
    session.page.on('console', (message) => {
      if (/Permissions-Policy|Content-Security-Policy/.test(message.text()))
        headerErrors.push(message.text());
    });
    const response = await session.page.goto('/order/step-1');
    const headers = response?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBeTruthy();
    expect(headers['permissions-policy']).toBeTruthy();
    await session.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(session.cspViolations).toEqual([]);
    // A header the browser cannot parse is reported as an error on every page.
    expect(headerErrors).toEqual([]);
  });

  it('sends scripts brotli-compressed to a browser that accepts it, with Vary', async () => {
    const scripts = await session.page.evaluate(() =>
      Array.from(document.querySelectorAll('script[src]'), (s) => (s as HTMLScriptElement).src),
    );
    expect(scripts.length).toBeGreaterThan(0);
    const answer = await fetch(scripts[0] as string, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
  });

  it('notices an inline script the policy blocks', async () => {
    await session.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
    });
    await expect.poll(() => session.cspViolations.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(await session.page.evaluate(() => 'inlineRan' in window || '__inlineRan' in window)).toBe(false);
    // Expected here: clear it so closing the session does not report it as the app's.
    session.cspViolations.length = 0;
  });
});
