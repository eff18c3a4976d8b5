/**
 * GET /api/files/{id}: a stored file to whoever may see it (auth/ownership.ts scopeFilesFor: its
 * customer, staff with access to its order, anyone for a public photo), and 404 to everyone else
 * exactly as for a file that does not exist. The bytes come from ctx.storage (DATA_DIR/files or
 * the S3 bucket) through this server; http/file-answer.ts sends them.
 */

import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { scopeFilesFor } from '../../auth/ownership';
import type { SignedInUser } from '../../auth/tokens';
import { files } from '../../db/schema';
import { notFound } from '../../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const missing = () => notFound('Файл не найден');

/** A stored file as it is sent: its name and type, whether it is public, and its bytes. */
export interface OpenedFile {
  name: string;
  mime: string;
  isPublic: boolean;
  stream: Readable;
  size: number;
}

export async function openStoredFile(
  ctx: AppContext,
  caller: SignedInUser | null,
  fileId: string,
): Promise<OpenedFile> {
  if (!UUID.test(fileId)) throw missing();
  const [file] = await ctx.db
    .select({ storagePath: files.storagePath, name: files.name, mime: files.mime, isPublic: files.isPublic })
    .from(files)
    .where(and(eq(files.id, fileId), scopeFilesFor(caller)));
  if (!file) throw missing();
  // Streamed through the server from either storage: the bucket is never opened to the public.
  const stored = await ctx.storage.read(file.storagePath);
  if (!stored) throw missing();
  return {
    name: file.name,
    mime: file.mime,
    isPublic: file.isPublic,
    stream: stored.stream,
    size: stored.size,
  };
}
