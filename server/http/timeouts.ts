/**
 * How long the server waits for a client. Without limits a few hundred sockets trickling a byte
 * every ten seconds hold the server's connections forever (slowloris).
 *
 * Node's requestTimeout counts the whole request, body included, and is one value per server.
 * Uploads (up to 100 MB a file, docs/uploads.md) are what needs it long: 100 MB on a phone's
 * uplink of 1.5 Mbit/s takes about 9 minutes, so the server-wide limit is 10 minutes. Every other
 * body is a few kilobytes of JSON: those get 30 seconds through an onRequest timer (limitBodyTime),
 * so only multipart uploads may take long.
 */
import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface ServerTimeouts {
  /** The whole request (headers and body); the upload ceiling. */
  requestMs: number;
  /** Any request that is not a multipart upload must have arrived whole by then. */
  bodyMs: number;
  /** Headers must arrive within this (Node's headersTimeout). */
  headersMs: number;
  /** A socket that sends nothing for this long is closed (Fastify's connectionTimeout). */
  idleMs: number;
  /** An idle keep-alive connection is kept this long between requests. */
  keepAliveMs: number;
  /** How often Node checks headersTimeout and requestTimeout (its default is 30 s). */
  checkIntervalMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  requestMs: 10 * 60_000,
  bodyMs: 30_000,
  headersMs: 20_000,
  idleMs: 60_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 5_000,
};

/** The part of Fastify's options that carries the limits. */
export function timeoutOptions(timeouts: ServerTimeouts) {
  const http: ServerOptions = {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    connectionsCheckingInterval: timeouts.checkIntervalMs,
  };
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http,
  };
}

export function isUpload(contentType: string | undefined): boolean {
  return contentType?.toLowerCase().startsWith('multipart/') ?? false;
}

/** Without Content-Length or Transfer-Encoding an HTTP/1.1 request has no body to wait for. */
function hasBody(headers: { 'content-length'?: string; 'transfer-encoding'?: string }): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Closes the socket of a non-upload request whose body has not fully arrived within bodyMs.
 * The check is request.raw.complete (the whole message was read), so a slow handler is never cut.
 */
export function limitBodyTime(app: FastifyInstance, bodyMs: number): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    const { headers } = request;
    if (raw.complete || !hasBody(headers) || isUpload(headers['content-type'])) return done();
    const timer = setTimeout(() => {
      // Injected requests (tests) have a stand-in socket with nothing to destroy.
      if (!raw.complete && typeof raw.socket?.destroy === 'function') raw.socket.destroy();
    }, bodyMs);
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
    done();
  });
}
