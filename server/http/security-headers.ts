/**
 * Security headers on every answer, app and API alike. Tokens live in localStorage, so the
 * Content-Security-Policy is what stands between an injected script and a signed-in session;
 * frame-ancestors 'none' keeps the back office from being framed for clickjacking.
 *
 * The policy allows only what the app really loads: its own files, the map style and tiles
 * named in configuration (their origins, derived from the URLs), MapLibre's worker (a blob:) and
 * the inline <style> elements and the one inline <script> of index.html by their hashes, read
 * from the built file itself, so editing them never silently breaks the policy.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

/** The origin of a URL or URL template ({z}/{x}/{y} sit in the path, never in the host). */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** 'sha256-…' sources for each inline <style> element of the built index.html. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((match) =>
    hashSource(match[1] ?? ''),
  );
}

/**
 * 'sha256-…' sources for each inline script of the built index.html: the loader that adds the
 * app's scripts once the page has painted (scripts/build/scripts-after-paint.ts). A script with
 * a src is allowed by 'self'; one inside the <template> runs only once the loader inserts it.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/gi)].map((match) => hashSource(match[1] ?? ''));
}

export interface ContentSecurityPolicyInput {
  map: ServerConfig['map'];
  /** Hash sources of the inline styles index.html carries (inlineStyleHashes). */
  styleHashes?: string[];
  /** Hash sources of the inline scripts index.html carries (inlineScriptHashes). */
  scriptHashes?: string[];
}

export function contentSecurityPolicy({
  map,
  styleHashes = [],
  scriptHashes = [],
}: ContentSecurityPolicyInput): string {
  const mapOrigins = [...new Set([originOf(map.styleUrl), originOf(map.rasterTileUrl)])].filter(
    (origin): origin is string => origin !== undefined,
  );
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes]],
    ['style-src', ["'self'", ...styleHashes]],
    // data: for inline SVG icons in CSS, blob: for MapLibre's sprite and canvas images.
    ['img-src', ["'self'", 'data:', 'blob:', ...mapOrigins]],
    ['font-src', ["'self'"]],
    // The style.json, vector tiles, glyphs and sprites are fetched from the map origins.
    ['connect-src', ["'self'", ...mapOrigins]],
    // MapLibre starts its worker from a blob: URL.
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    // The demo payment page posts to the server itself.
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * Geolocation is used by the pickup-point map (self only); nothing else is ever asked for. Only
 * features Chromium knows: an unknown one (bluetooth, interest-cohort) is an error in its console.
 */
export const PERMISSIONS_POLICY =
  'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), serial=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=()';

export function securityHeaders(input: ContentSecurityPolicyInput): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(input),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
}

/**
 * Adds the headers in onRequest, before any handler or error path runs, so 404s, 4xx from
 * validation and 5xx carry them too. The built index.html is read once here; a rebuild needs a
 * restart anyway (npm start rebuilds and restarts).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'map' | 'staticDir'>,
) {
  const index = join(config.staticDir, 'index.html');
  const html = existsSync(index) ? readFileSync(index, 'utf8') : '';
  const headers = securityHeaders({
    map: config.map,
    styleHashes: inlineStyleHashes(html),
    scriptHashes: inlineScriptHashes(html),
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
