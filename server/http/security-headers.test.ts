import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { contentSecurityPolicy, inlineScriptHashes, inlineStyleHashes } from './security-headers';

const FIRST_PAINT_STYLE = 'body { margin: 0 }';
const LOADER = "document.head.append('the app');";

/** A policy as a map of directive → sources, to assert on one directive at a time. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('security headers on every answer', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'perevod-csp-dist-'));
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><style>${FIRST_PAINT_STYLE}</style><template id="app-scripts"><script type="module" src="/assets/app.js"></script></template><script>${LOADER}</script><div id="root"></div>`,
    );
    server = await startTestServer({ staticDir: dist });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends CSP, nosniff, referrer and permissions policies on app pages, API answers, 4xx and 404', async () => {
    const answers = await Promise.all([
      server.app.inject({ url: '/order/step-1?t=1' }),
      server.app.inject({ url: '/api/auth/session' }),
      server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { nonsense: true } }),
      server.app.inject({ url: '/api/no-such-thing' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 400, 404]);
    for (const answer of answers) {
      const policy = directives(String(answer.headers['content-security-policy']));
      expect(policy.get('script-src')).toEqual([
        "'self'",
        ...inlineScriptHashes(`<script>${LOADER}</script>`),
      ]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['permissions-policy']).toContain('camera=()');
      expect(answer.headers['permissions-policy']).toContain('geolocation=(self)');
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('allows the inline first-paint style of the built index.html by its hash, and nothing else inline', async () => {
    const answer = await server.app.inject({ url: '/' });
    const styles = directives(String(answer.headers['content-security-policy'])).get('style-src');
    expect(styles).toEqual(["'self'", ...inlineStyleHashes(`<style>${FIRST_PAINT_STYLE}</style>`)]);
    expect(styles?.join(' ')).not.toContain('unsafe-inline');
  });

  it('allows the inline script of the built index.html by its hash, and no other inline script', async () => {
    const answer = await server.app.inject({ url: '/' });
    const scripts = directives(String(answer.headers['content-security-policy'])).get('script-src');
    expect(scripts).toEqual(["'self'", inlineScriptHashes(`<script>${LOADER}</script>`)[0]]);
    expect(scripts?.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|strict-dynamic/);
  });
});

describe('the Content-Security-Policy', () => {
  it('lets the app reach the configured map style and tile servers, by origin', () => {
    const policy = directives(
      contentSecurityPolicy({
        map: {
          styleUrl: 'https://tiles.openfreemap.org/styles/liberty',
          rasterTileUrl: 'https://tile.example.ru:8443/{z}/{x}/{y}.png',
        },
      }),
    );
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://tiles.openfreemap.org',
      'https://tile.example.ru:8443',
    ]);
    expect(policy.get('img-src')).toEqual(
      expect.arrayContaining(['https://tile.example.ru:8443', 'data:', 'blob:']),
    );
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });

  it('hashes each inline style the way browsers do (sha256 of the exact text, base64)', () => {
    // The CSP3 spec's example: "alert('Hello, world.');" hashes to qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=.
    expect(inlineStyleHashes("<style>alert('Hello, world.');</style>")).toEqual([
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    ]);
    expect(inlineScriptHashes("<script>alert('Hello, world.');</script>")).toEqual([
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    ]);
  });

  it('hashes only inline scripts, not those with a src or data blocks', () => {
    const html =
      '<script type="module" src="/assets/app.js"></script><script type="application/json">{}</script><script>go()</script>';
    expect(inlineScriptHashes(html)).toHaveLength(1);
  });
});
