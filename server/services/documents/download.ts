/**
 * GET /api/files/{id}: a stored file to whoever may see it (auth/ownership.ts scopeFilesFor: its
 * customer, staff with access to its order, anyone for a public photo), and 404 to everyone else
 * exactly as for a file that does not exist. Always an attachment with the type found in its
 * content, never sniffed or rendered inline, so an uploaded file cannot run as a page of ours.
 * The bytes come from ctx.storage (DATA_DIR/files or the S3 bucket) through this server.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context';
import { scopeFilesFor } from '../../auth/ownership';
import type { SignedInUser } from '../../auth/tokens';
import { files } from '../../db/schema';
import { notFound } from '../../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

const missing = () => notFound('Файл не найден');

export async function sendStoredFile(
  ctx: AppContext,
  reply: FastifyReply,
  caller: SignedInUser | null,
  fileId: string,
): Promise<FastifyReply> {
  if (!UUID.test(fileId)) throw missing();
  const [file] = await ctx.db
    .select({ storagePath: files.storagePath, name: files.name, mime: files.mime, isPublic: files.isPublic })
    .from(files)
    .where(and(eq(files.id, fileId), scopeFilesFor(caller)));
  if (!file) throw missing();
  // Streamed through the server from either storage: the bucket is never opened to the public.
  const stored = await ctx.storage.read(file.storagePath);
  if (!stored) throw missing();
  return (
    reply
      .header('content-type', file.mime)
      .header('content-length', stored.size)
      .header('content-disposition', contentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      // A public file (a point's photo) never changes under its id: browsers and the service
      // worker may keep it; anything else is one person's and is never stored on the way.
      .header('cache-control', file.isPublic ? 'public, max-age=604800, immutable' : 'private, no-store')
      .send(stored.stream)
  );
}
