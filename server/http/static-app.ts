/**
 * Serves the built app (Vite's dist/) beside the API. Hashed files under /assets/ never change,
 * so browsers keep them for a year; index.html, the service worker and the manifest must be
 * revalidated every time, or a deploy would never reach installed apps. Any other GET outside
 * /api/ that is not a file gets index.html: with 200 for an app route (/order/step-1), with 404
 * for an address the app has no page for (src/domain/app-routes.ts). Files are sent
 * precompressed when the client accepts it; each encoding has its own ETag (the variant's).
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppRoute } from '../../src/domain/app-routes';
import { cacheBustTarget } from '../../src/domain/cache-bust';
import { PRERENDER_DIR, type PrerenderedPage, type PrerenderedPages } from './prerendered-pages';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const NOT_BUILT = 'Приложение ещё не собрано: выполните npm run build. API работает на /api/.\n';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function cacheBustRedirect(url: string): string | null {
  const query = url.indexOf('?');
  const pathname = query === -1 ? url : url.slice(0, query);
  return cacheBustTarget(pathname, query === -1 ? '' : url.slice(query), Date.now());
}

/** A prerendered page, in the encoding the client takes best, revalidated by its ETag. */
function sendPrerendered(request: FastifyRequest, reply: FastifyReply, page: PrerenderedPage): void {
  reply
    .header('cache-control', REVALIDATE)
    .header('vary', 'Accept-Encoding')
    .header('etag', page.etag)
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === page.etag) {
    reply.status(304).send();
    return;
  }
  const accepts = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepts)) reply.header('content-encoding', 'br').send(page.br);
  else if (/\bgzip\b/.test(accepts)) reply.header('content-encoding', 'gzip').send(page.gzip);
  else reply.send(page.html);
}

export async function registerStaticApp(
  app: FastifyInstance,
  staticDir: string,
  prerendered?: PrerenderedPages,
): Promise<void> {
  const built = existsSync(join(staticDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      cacheControl: false,
      // The server's own bundle (dist/ssr/) is for the server to run, not for browsers to fetch.
      allowedPath: (pathName) => !pathName.startsWith(`/${PRERENDER_DIR}/`),
      // .br and .gz written by the build beside each file (vite.config.ts): br > gzip > identity
      // by Accept-Encoding, with Vary: Accept-Encoding and the original file's Content-Type.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const path = relative(staticDir, filePath).split(sep).join('/');
        reply.header('cache-control', path.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  // Synchronous, answering through reply: as an async handler returning the reply after
  // sendFile it piled up 'close' listeners (MaxListenersExceededWarning under inject).
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    const cacheBust = isPageRequest && built ? cacheBustRedirect(url) : null;
    // A missing hashed asset is a 404, not index.html: HTML served as a script only confuses.
    if (isApiPath(url) || !isPageRequest || url.startsWith('/assets/')) {
      reply
        .status(404)
        .type('application/json; charset=utf-8')
        .send({ code: 'NOT_FOUND', message: 'Не найдено' });
    } else if (!built) {
      reply.type('text/plain; charset=utf-8').send(NOT_BUILT);
    } else if (cacheBust !== null) {
      // The order form's cache-busting query (src/domain/cache-bust.ts), added here instead of by a
      // second load of the whole app.
      reply.header('cache-control', 'no-store').redirect(cacheBust, 302);
    } else {
      // An address the app has no page for still gets the app (it shows its «not found» page),
      // but with 404, so a link checker or a search engine sees the page as missing.
      const pathname = url.split(/[?#]/)[0] ?? url;
      const sendIndex = () =>
        reply
          .status(isAppRoute(pathname) ? 200 : 404)
          .header('cache-control', REVALIDATE)
          .sendFile('index.html');
      const page = prerendered?.page(url);
      if (page) void page.then((found) => (found ? sendPrerendered(request, reply, found) : sendIndex()));
      else sendIndex();
    }
  });
}
