/**
 * The address of the site a request came from, for links that send the person back to it (the
 * payment's return). PUBLIC_URL wins when it is set; without it the server knows only its local
 * address, so the page's own origin (the Origin header a browser sends with every POST, else the
 * Host) is used and the customer returns to the origin they are signed in on.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';

const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

export function siteUrlOf(
  config: Pick<ServerConfig, 'publicUrl' | 'publicUrlSet'>,
  request: FastifyRequest,
): string {
  if (config.publicUrlSet) return config.publicUrl;
  const origin = request.headers.origin;
  if (typeof origin === 'string' && ORIGIN.test(origin)) return origin;
  const fromHost = `${request.protocol}://${request.host}`;
  return ORIGIN.test(fromHost) ? fromHost : config.publicUrl;
}
