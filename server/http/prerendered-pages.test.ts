import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueCache } from '../services/catalogue/catalogue-cache';
import {
  composePage,
  createPrerenderedPages,
  fixedPageFile,
  PRERENDER_BUNDLE,
  renderFixedPage,
  stylesheetsFor,
} from './prerendered-pages';
import { registerStaticApp } from './static-app';

const INDEX = [
  '<!doctype html><html lang="ru"><head><title>Бюро переводов — заказ перевода документов</title>',
  '<script type="module" crossorigin src="/assets/index-B2x9Qk1a.js"></script></head>',
  '<body>\n    <div id="root">\n      <div class="boot-bar">Бюро переводов</div>\n    </div>',
  '\n    <noscript><p>Включите JavaScript.</p></noscript>\n  </body></html>',
].join('');

/**
 * A stand-in for the build's server bundle: it renders the documents and prices of the catalogue
 * it is given, and counts its renders, so the test sees what the page is made from and how often.
 */
const BUNDLE = `
export const FORM_PARAMS_PATH = '/api/order/form-params';
globalThis.prerenderCount = 0;
export async function renderOrderStepOne(catalogue) {
  globalThis.prerenderCount += 1;
  // Escaped as React escapes text.
  const items = catalogue.documents.map((d) => '<li>' + d.type.replace(/</g, '&lt;') + ': ' + d.price + ' ₽</li>').join('');
  return { html: '<h1 id="order-title">Заказ перевода</h1><ul>' + items + '</ul>', title: 'Заказ перевода, шаг 1 из 4 — Бюро переводов' };
}
globalThis.signInRenders = 0;
export async function renderCabinetLogin() {
  globalThis.signInRenders += 1;
  return { html: '<h1 id="page-title">Вход в личный кабинет</h1><input type="email">', title: 'Вход в личный кабинет — Бюро переводов' };
}
export async function renderCabinetOrders() {
  return { html: '<nav class="bar1 boot-bar"></nav><h1 id="page-title">Мои заказы</h1>', title: 'Мои заказы — Бюро переводов' };
}
globalThis.legalRenders = 0;
export const legalAnswerKey = (kind) => '/api/legal/{kind} {"path":{"kind":"' + kind + '"}}';
export async function renderLegalDocument(kind, document) {
  globalThis.legalRenders += 1;
  return { html: '<h1 id="legal-title">' + document.title + '</h1><p>Редакция № ' + document.version + '</p><p>' + document.text + '</p>', title: document.title + ' — Бюро переводов' };
}
export async function renderTrack() {
  return { html: '<h1 id="page-title">Где мой заказ?</h1><input id="track-number">', title: 'Статус заказа — Бюро переводов' };
}`;

function makeBuild(withBundle: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'perevod-prerender-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'ssr'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-B2x9Qk1a.js'), 'console.log("app")');
  writeFileSync(join(dir, 'assets', 'bottom-bar-Xy12.css'), '.bar1{position:fixed}.bar10{color:red}');
  writeFileSync(join(dir, 'assets', 'other-Ab34.css'), '.bar10{color:red}.foo{color:blue}');
  if (withBundle) writeFileSync(join(dir, PRERENDER_BUNDLE), BUNDLE);
  return dir;
}

/** The catalogue cache the server keeps, with a catalogue the test edits. */
function editableCatalogue(documents: Array<{ type: string; price: number }>) {
  let version = 1;
  let failing = false;
  const cache: CatalogueCache = {
    async formParams() {
      if (failing) throw new Error('database down');
      const json = JSON.stringify({ documents, assurances: [], languages: [], deliveries: [] });
      return { json, etag: `"v${version}"` };
    },
    invalidate() {},
  };
  return {
    cache,
    setPrice(index: number, price: number) {
      const document = documents[index];
      if (document) document.price = price;
      version += 1;
    },
    fail(value: boolean) {
      failing = value;
    },
  };
}

/** The static app over the build in `dist`, with a one-document catalogue. */
async function serveBuild(dist: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const catalogue = editableCatalogue([{ type: 'Паспорт', price: 1200 }]);
  await registerStaticApp(
    app,
    dist,
    createPrerenderedPages({ staticDir: dist, catalogue: catalogue.cache, log: app.log }),
  );
  return app;
}

const renders = () => (globalThis as { prerenderCount?: number }).prerenderCount ?? 0;
const legalRenders = () => (globalThis as { legalRenders?: number }).legalRenders ?? 0;

/** The documents as GET /api/legal/{kind} answers them, with a version the test publishes. */
function editableDocuments() {
  const versions: Record<string, number> = { consent: 1, privacy: 1, offer: 1 };
  return {
    source: {
      async document(kind: 'consent' | 'privacy' | 'offer') {
        const version = versions[kind] ?? 1;
        return JSON.stringify({
          kind,
          version,
          title: 'Политика обработки персональных данных',
          text: `Оператор: ООО «Слово», редакция ${version}`,
          publishedAt: '2026-11-20T10:15:00.000Z',
        });
      },
    },
    publish(kind: string) {
      versions[kind] = (versions[kind] ?? 1) + 1;
    },
  };
}
const signInRenders = () => (globalThis as { signInRenders?: number }).signInRenders ?? 0;

describe('pages served with their first screen in the HTML', () => {
  let app: FastifyInstance;
  let dist: string;
  const catalogue = editableCatalogue([
    { type: 'Паспорт', price: 1200 },
    { type: 'Диплом </script><script>alert(1)</script>', price: 1500 },
  ]);
  const documents = editableDocuments();

  beforeAll(async () => {
    dist = makeBuild(true);
    app = Fastify({ logger: false });
    await registerStaticApp(
      app,
      dist,
      createPrerenderedPages({
        staticDir: dist,
        catalogue: catalogue.cache,
        legal: documents.source,
        log: app.log,
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('puts the documents and prices of the live catalogue, the title and the catalogue itself into the page', async () => {
    const response = await app.inject({ url: '/order/step-1?t=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toContain(
      '<div id="root" data-prerendered="" inert><h1 id="order-title">Заказ перевода</h1>',
    );
    expect(html).toContain('<li>Паспорт: 1200 ₽</li>');
    expect(html).toContain('<title>Заказ перевода, шаг 1 из 4 — Бюро переводов</title>');
    expect(html).not.toContain('boot-bar');
    // The catalogue as the app reads it before its first render, unable to close its element.
    const data = /<script type="application\/json" id="initial-answers">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data ?? 'null')['/api/order/form-params'].value.documents[0]).toEqual({
      type: 'Паспорт',
      price: 1200,
    });
    expect(html.match(/<script>alert/g)).toBeNull();
    expect(html).toContain('<noscript>');
  });

  it('renders once per catalogue version, and again as soon as a price changes', async () => {
    await app.inject({ url: '/order/step-1?t=2' });
    const before = renders();
    await Promise.all([1, 2, 3].map((t) => app.inject({ url: `/order/step-1?t=${t}` })));
    expect(renders()).toBe(before);

    catalogue.setPrice(0, 1350);
    const response = await app.inject({ url: '/order/step-1?t=3' });
    expect(response.body).toContain('<li>Паспорт: 1350 ₽</li>');
    expect(renders()).toBe(before + 1);
  });

  it('sends it compressed when the browser accepts it, and answers a revalidation with 304', async () => {
    const plain = await app.inject({ url: '/order/step-1?t=4' });
    const br = await app.inject({
      url: '/order/step-1?t=4',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await app.inject({ url: '/order/step-1?t=4', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const etag = String(plain.headers.etag);
    const again = await app.inject({ url: '/order/step-1?t=5', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves the plain index.html while the catalogue cannot be read, and the step again once it can', async () => {
    catalogue.fail(true);
    const down = await app.inject({ url: '/order/step-1?t=6' });
    expect(down.statusCode).toBe(200);
    expect(down.body).toContain('boot-bar');
    catalogue.fail(false);
    const back = await app.inject({ url: '/order/step-1?t=7' });
    expect(back.body).toContain('data-prerendered');
  });

  it('serves the customer sign-in with its form in the HTML, rendered once, with no catalogue', async () => {
    const first = await app.inject({ url: '/cabinet-login' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(
      '<div id="root" data-prerendered="" inert><h1 id="page-title">Вход в личный кабинет</h1><input type="email">',
    );
    expect(first.body).toContain('<title>Вход в личный кабинет — Бюро переводов</title>');
    expect(first.body).toContain('<script type="application/json" id="initial-answers">{}</script>');
    const br = await app.inject({ url: '/cabinet-login', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    catalogue.setPrice(1, 1600);
    await app.inject({ url: '/cabinet-login' });
    expect(signInRenders()).toBe(1);
  });

  it('leaves the sign-in opened from an email link (a query) to the app, as index.html', async () => {
    const link = await app.inject({ url: '/cabinet-login?hash=abc&email=a%40b.ru' });
    expect(link.statusCode).toBe(200);
    expect(link.body).toContain('boot-bar');
    expect(link.body).not.toContain('data-prerendered');
  });

  it("serves the frame of the customer's orders with the stylesheets its classes need", async () => {
    const frame = await app.inject({ url: '/cabinet/orders' });
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toContain(
      '<div id="root" data-prerendered="" inert><nav class="bar1 boot-bar"></nav>',
    );
    expect(frame.body).toContain('<title>Мои заказы — Бюро переводов</title>');
    // bar1 is in that stylesheet alone (bar10 is another class), and none has boot-bar.
    expect(frame.body.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/bottom-bar-Xy12.css">',
    ]);
    expect(frame.body.indexOf('bottom-bar-Xy12.css')).toBeLessThan(frame.body.indexOf('</head>'));
    // Filters in the address change the page: the app renders it from index.html.
    const filtered = await app.inject({ url: '/cabinet/orders?status=PAID' });
    expect(filtered.body).not.toContain('data-prerendered');
  });

  it('serves a customer document with its current text and the answer the app starts from, again after a new version', async () => {
    const first = await app.inject({ url: '/privacy' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(
      '<div id="root" data-prerendered="" inert><h1 id="legal-title">Политика обработки персональных данных</h1><p>Редакция № 1</p>',
    );
    expect(first.body).toContain('<title>Политика обработки персональных данных — Бюро переводов</title>');
    const data = /<script type="application\/json" id="initial-answers">([^<]*)<\/script>/.exec(
      first.body,
    )?.[1];
    expect(JSON.parse(data ?? 'null')['/api/legal/{kind} {"path":{"kind":"privacy"}}'].value).toMatchObject({
      kind: 'privacy',
      version: 1,
      text: 'Оператор: ООО «Слово», редакция 1',
    });
    // Read again, the same document is not drawn again; a published version is, at once.
    const before = legalRenders();
    await Promise.all([1, 2, 3].map(() => app.inject({ url: '/privacy' })));
    expect(legalRenders()).toBe(before);
    documents.publish('privacy');
    const next = await app.inject({ url: '/privacy' });
    expect(next.body).toContain('<p>Редакция № 2</p>');
    expect(legalRenders()).toBe(before + 1);
    expect((await app.inject({ url: '/consent' })).body).toContain('"kind":"consent"');
    // With a query, the app's own page (index.html), as for the sign-in.
    expect((await app.inject({ url: '/offer?from=step-4' })).body).not.toContain('data-prerendered');
  });

  it("serves the tracking form painted from HTML, and an order's tracking link as index.html", async () => {
    const form = await app.inject({ url: '/track' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain(
      '<div id="root" data-prerendered="" inert><h1 id="page-title">Где мой заказ?</h1><input id="track-number">',
    );
    expect(form.body).toContain('<title>Статус заказа — Бюро переводов</title>');
    // A link holds one order's data, which no HTML made for everyone can: the app draws it.
    const link = await app.inject({ url: '/track/8cY2Hq0v3kZbT1sWmA9dLr5nXeGfUjPoQiRtVy7wBzC' });
    expect(link.statusCode).toBe(200);
    expect(link.body).not.toContain('data-prerendered');
  });

  it('keeps the other routes on index.html, and never serves the server bundle itself', async () => {
    const cabinet = await app.inject({ url: '/cabinet/notifications' });
    expect(cabinet.body).toContain('boot-bar');
    const bundle = await app.inject({ url: '/ssr/pages.js' });
    expect(bundle.body).not.toContain('renderOrderStepOne');
  });

  it('still redirects a bare step 1 to its cache-busting address first', async () => {
    const response = await app.inject({ url: '/order/step-1' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^\/order\/step-1\?t=\d+$/);
  });
});

describe('pages the build rendered', () => {
  it('are sent as the build wrote them, with no render at start or at the first request', async () => {
    const dist = makeBuild(true);
    // What the build step writes (scripts/build/prerender-bundle.ts), from the same bundle.
    const bundle = await import(pathToFileURL(join(dist, PRERENDER_BUNDLE)).href);
    const built = await renderFixedPage(dist, bundle, '/cabinet-login');
    expect(built).toContain('<h1 id="page-title">Вход в личный кабинет</h1>');
    writeFileSync(fixedPageFile(dist, '/cabinet-login'), built ?? '');
    const rendersBefore = signInRenders();

    const app = await serveBuild(dist);
    const page = await app.inject({ url: '/cabinet-login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(built);
    const br = await app.inject({ url: '/cabinet-login', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(built);
    expect(signInRenders()).toBe(rendersBefore);
    // The cabinet's frame has no file in this build: rendered by the server, as before.
    expect((await app.inject({ url: '/cabinet/orders' })).body).toContain(
      '<h1 id="page-title">Мои заказы</h1>',
    );
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });
});

describe('a build without the server bundle', () => {
  it('serves step 1 and the sign-in with the plain index.html', async () => {
    const dist = makeBuild(false);
    const app = await serveBuild(dist);
    const response = await app.inject({ url: '/order/step-1?t=1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('boot-bar');
    expect((await app.inject({ url: '/cabinet-login' })).body).toContain('boot-bar');
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });
});

describe('stylesheetsFor', () => {
  it('names the stylesheets with a class of the page that the template does not style', () => {
    const sheets = {
      '/assets/a.css': '.x1{color:red}',
      '/assets/b.css': '.x10:hover{color:red}',
      '/assets/c.css': '.y{}',
    };
    expect(stylesheetsFor('<p class="x1 y">', '<style>.y{}</style>', sheets)).toEqual(['/assets/a.css']);
    expect(stylesheetsFor('<p class="x10">', '', sheets)).toEqual(['/assets/b.css']);
    expect(stylesheetsFor('<p>', '', sheets)).toEqual([]);
  });
});

describe('composePage', () => {
  it('leaves a template it does not recognise to the plain index.html', () => {
    expect(
      composePage('<html><body><main></main></body></html>', { html: '<h1>x</h1>', title: 't' }, '{}'),
    ).toBeNull();
  });
});
