/**
 * A stored file as the answer of GET /api/files/{id}: always an attachment with the type found in
 * its content, never sniffed or rendered inline, so an uploaded file cannot run as a page of ours.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** RFC 5987: percent-encode everything but the attr-chars, so any name survives any browser. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment; filename="Schet SCH-2611-00042.pdf"`-style ASCII fallback for old clients, and
 * the real name in `filename*` for the rest.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** Sends the file's bytes with the headers above. */
export function sendFile(
  reply: FastifyReply,
  file: { name: string; mime: string; isPublic: boolean; stream: Readable; size: number },
): FastifyReply {
  return (
    reply
      .header('content-type', file.mime)
      .header('content-length', file.size)
      .header('content-disposition', contentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      // A public file (a point's photo) never changes under its id: browsers and the service
      // worker may keep it; anything else is one person's and is never stored on the way.
      .header('cache-control', file.isPublic ? 'public, max-age=604800, immutable' : 'private, no-store')
      .send(file.stream)
  );
}

/** A ZIP made while it is sent (a person's data): its length is not known, so it goes chunked. */
export function sendArchive(
  reply: FastifyReply,
  archive: { fileName: string; stream: Readable },
): FastifyReply {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition(archive.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(archive.stream);
}
