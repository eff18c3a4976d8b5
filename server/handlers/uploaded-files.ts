/**
 * A multipart request's files as the services take them (services/documents/uploads.ts,
 * IncomingFiles): the parts as they stream in, the app's size limit, the sender's address and the
 * length the request declares. Services read these, never the request.
 */
import type { FastifyRequest } from 'fastify';
import type { IncomingFiles } from '../services/documents/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    /** The multipart limits the app was built with (app.ts), for the messages that name them. */
    uploadLimits: { fileSize: number; files: number };
  }
}

export function uploadedFiles(request: FastifyRequest): IncomingFiles {
  const declared = Number(request.headers['content-length']);
  return {
    parts: request.files(),
    maxFileBytes: request.server.uploadLimits.fileSize,
    ip: request.ip,
    declaredBytes: Number.isSafeInteger(declared) && declared > 0 ? declared : undefined,
  };
}
