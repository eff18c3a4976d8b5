/**
 * Errors raised before a request exists — a header block over the limit (431), a malformed
 * request line, a slow body cut by the request timeout (408) — happen on the socket, below
 * Fastify's error handler. Node answers them itself unless the server takes the socket; this
 * writes the same Error schema body every other layer answers with.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody } from './errors';

const SOCKET_ERRORS: Record<string, { status: number; body: ErrorBody }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    body: { code: 'HEADERS_TOO_LARGE', message: 'Заголовки запроса слишком велики' },
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    body: { code: 'REQUEST_TIMEOUT', message: 'Запрос не был получен целиком вовремя' },
  },
};

const MALFORMED = {
  status: 400,
  body: { code: 'VALIDATION_ERROR', message: 'Некорректный HTTP-запрос' },
};

/** The raw HTTP answer a socket-level error gets (exported for the test of its shape). */
export function socketErrorResponse(code: string | undefined): string {
  const { status, body } = (code && SOCKET_ERRORS[code]) || MALFORMED;
  const json = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(json)}\r\n` +
    'Connection: close\r\n\r\n' +
    json
  );
}

/** Fastify's clientErrorHandler option. */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset or an already closed socket has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.write(socketErrorResponse(error.code));
  socket.destroy();
}
