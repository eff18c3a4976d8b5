/**
 * A multipart request's files as the services take them (services/documents/uploads.ts,
 * IncomingFiles): the parts as they stream in, the app's size limit, the sender's address and the
 * length the request declares. Services read these, never the request.
 */
import type { FastifyRequest } from 'fastify';
import type { IncomingFiles, IncomingForm, IncomingPart } from '../services/documents/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    /** The multipart limits the app was built with (app.ts), for the messages that name them. */
    uploadLimits: { fileSize: number; files: number };
  }
}

export function uploadedFiles(request: FastifyRequest): IncomingFiles {
  return { parts: request.files(), ...requestLimits(request) };
}

function requestLimits(request: FastifyRequest): Omit<IncomingFiles, 'parts'> {
  const declared = Number(request.headers['content-length']);
  return {
    maxFileBytes: request.server.uploadLimits.fileSize,
    ip: request.ip,
    declaredBytes: Number.isSafeInteger(declared) && declared > 0 ? declared : undefined,
  };
}

/**
 * A multipart form's files and its text fields (a message's `text`, a result's `note`): the files
 * stream to the service as the parts arrive; the fields are gathered on the way, and read once
 * every part has been read.
 */
export function uploadedForm(request: FastifyRequest): IncomingForm {
  const fields: Record<string, string> = {};
  const parts = request.parts();
  async function* filesOnly(): AsyncGenerator<IncomingPart> {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      yield part;
    }
  }
  return { parts: filesOnly(), ...requestLimits(request), fields: () => fields };
}
