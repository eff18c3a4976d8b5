import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaticApp } from './static-app';

/** The static part alone, beside one API route: no database needed to test it. */
async function appServing(staticDir: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/api/office', async () => []);
  await registerStaticApp(app, staticDir);
  await app.ready();
  return app;
}

/** A stand-in for Vite's dist/: an index, a hashed asset, the service worker and manifest. */
function makeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'perevod-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Бюро переводов</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-B2x9Qk1a.js'), 'console.log("app")');
  writeFileSync(join(dir, 'service-worker.js'), 'self.addEventListener("install", () => {})');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Бюро переводов"}');
  // What the build's precompress step writes beside each file.
  for (const file of [
    'index.html',
    'assets/index-B2x9Qk1a.js',
    'service-worker.js',
    'manifest.webmanifest',
  ]) {
    const path = join(dir, file);
    const content = readFileSync(path);
    writeFileSync(`${path}.br`, brotliCompressSync(content));
    writeFileSync(`${path}.gz`, gzipSync(content));
  }
  return dir;
}

describe('serving the built app', () => {
  let app: FastifyInstance;
  let dist: string;
  beforeAll(async () => {
    dist = makeBuild();
    app = await appServing(dist);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('opens an app route such as /order/step-1 with index.html, never cached', async () => {
    for (const url of ['/order/step-1?t=1', '/cabinet/orders/5', '/crm/monitoring/order/42?tab=queue']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers an address the app has no page for with the app (its «not found» page) and 404', async () => {
    for (const url of ['/no-such-page', '/cabinet/orders/5/extra', '/order/step-9?x=1']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('keeps hashed assets for a year and revalidates index, worker and manifest', async () => {
    const asset = await app.inject({ url: '/assets/index-B2x9Qk1a.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/service-worker.js', '/manifest.webmanifest']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends brotli, else gzip, else the file itself, by Accept-Encoding, with the right headers', async () => {
    const cases = [
      { url: '/assets/index-B2x9Qk1a.js', type: /^text\/javascript|^application\/javascript/ },
      { url: '/order/step-1?t=1', type: /^text\/html/ },
      { url: '/', type: /^text\/html/ },
      { url: '/service-worker.js', type: /javascript/ },
      { url: '/manifest.webmanifest', type: /^application\/manifest\+json/ },
    ];
    for (const { url, type } of cases) {
      const plain = await app.inject({ url });
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      for (const answer of [plain, br, gzip]) {
        expect(answer.statusCode, url).toBe(200);
        expect(answer.headers['content-type'], url).toMatch(type);
        expect(String(answer.headers.vary), url).toMatch(/accept-encoding/i);
      }
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain.body);
      expect(gunzipSync(gzip.rawPayload).toString(), url).toBe(plain.body);
      // Each variant has its own validator, so a cache never answers one encoding's 304 for another.
      expect(new Set([plain, br, gzip].map((answer) => answer.headers.etag)).size, url).toBe(3);
      const again = await app.inject({
        url,
        headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
    }
    const asset = await app.inject({
      url: '/assets/index-B2x9Qk1a.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a bare /order/step-1 and /order to the cache-busting address in one redirect', async () => {
    const cases = [
      { url: '/order/step-1', to: /^\/order\/step-1\?t=\d+$/ },
      { url: '/order/step-1?utm_source=ads', to: /^\/order\/step-1\?utm_source=ads&t=\d+$/ },
      { url: '/order', to: /^\/order\/step-1\?t=\d+$/ },
    ];
    for (const { url, to } of cases) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toMatch(to);
      // The redirect itself must not be kept, or every visitor would share one stale query.
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const landed = await app.inject({
      url: String((await app.inject({ url: '/order/step-1' })).headers.location),
    });
    expect(landed.statusCode).toBe(200);
    expect(landed.body).toContain('<div id="root">');
    expect((await app.inject({ url: '/order/step-2' })).statusCode).toBe(200);
  });

  it('answers a missing asset and any unknown /api path with 404, not the app page', async () => {
    expect((await app.inject({ url: '/assets/index-OLD.js' })).statusCode).toBe(404);
    const api = await app.inject({ url: '/api/no-such/step-1' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });
});

describe('without a build', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appServing(join(tmpdir(), 'perevod-no-such-dist'));
  });
  afterAll(() => app?.close());

  it('still serves the API and says how to build the app', async () => {
    const page = await app.inject({ url: '/' });
    expect(page.body).toContain('npm run build');
    expect((await app.inject({ url: '/api/office' })).statusCode).toBe(200);
  });
});
