/**
 * Uploads: files stream to DATA_DIR/files (never held in memory), their type is read from their
 * content (magic bytes), and only when every file of the request is accepted are they recorded
 * — one bad file refuses the whole request and leaves nothing behind.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import type { components } from '../../src/api/schema.gen';
import type { AppContext } from '../context';
import { files } from '../db/schema';
import { ApiError } from '../http/errors';

export type FileItem = components['schemas']['FileItem'];

/** Order documents people send: PDF, scans, Word and Excel (old formats are OLE compound files). */
const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);

interface ReceivedFile {
  id: string;
  name: string;
  size: number;
  mime: string;
  sha256: string;
  /** Where it waits under files/incoming until the whole request is accepted. */
  temporaryPath: string;
}

const tooLarge = (name: string) =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', `Файл ${name} превышает максимальный размер 100MB`);
const wrongType = (name: string) =>
  new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `Файл ${name} имеет недопустимый формат`);

/** Keeps a name people recognise, without paths or control characters. */
function cleanName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned.slice(0, 200) || 'file';
}

async function receive(request: FastifyRequest, dataDir: string, field: string): Promise<ReceivedFile[]> {
  const stored: ReceivedFile[] = [];
  const incoming = join(dataDir, 'files', 'incoming');
  await mkdir(incoming, { recursive: true });
  try {
    for await (const part of request.files()) {
      const name = cleanName(part.filename);
      if (part.fieldname !== field) {
        part.file.resume();
        throw new ApiError(400, 'VALIDATION_ERROR', `Некорректный запрос: файлы передаются в поле ${field}`);
      }
      const id = randomUUID();
      const temporary = join(incoming, id);
      stored.push({ id, name, size: 0, mime: '', sha256: '', temporaryPath: temporary });
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(part.file, measure, createWriteStream(temporary));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(name);
        throw error;
      }
      if (part.file.truncated) throw tooLarge(name);
      const detected = await fileTypeFromFile(temporary);
      if (!detected || !DOCUMENT_TYPES.has(detected.mime)) throw wrongType(name);
      Object.assign(stored[stored.length - 1] as ReceivedFile, {
        size,
        mime: detected.mime,
        sha256: hash.digest('hex'),
      });
    }
  } catch (error) {
    await Promise.all(stored.map((file) => rm(file.temporaryPath, { force: true })));
    throw error;
  }
  return stored;
}

/** Stores the request's files in field `files` as order documents of `ownerUserId` (or nobody). */
export async function storeOrderDocuments(
  ctx: AppContext,
  request: FastifyRequest,
  ownerUserId: number | null,
): Promise<FileItem[]> {
  const received = await receive(request, ctx.config.dataDir, 'files');
  if (received.length === 0) {
    throw new ApiError(
      400,
      'VALIDATION_ERROR',
      'Некорректный запрос: прикрепите хотя бы один файл в поле files',
    );
  }
  const month = new Date().toISOString().slice(0, 7);
  const placed: (ReceivedFile & { storagePath: string })[] = [];
  try {
    for (const file of received) {
      const storagePath = join(month, file.id);
      const target = join(ctx.config.dataDir, 'files', storagePath);
      await mkdir(dirname(target), { recursive: true });
      await rename(file.temporaryPath, target);
      placed.push({ ...file, storagePath });
    }
    await ctx.db.insert(files).values(
      placed.map((file) => ({
        id: file.id,
        ownerUserId,
        storagePath: file.storagePath,
        name: file.name,
        size: file.size,
        mime: file.mime,
        kind: 'ORDER_DOCUMENT' as const,
        sha256: file.sha256,
      })),
    );
  } catch (error) {
    await Promise.all([
      ...placed.map((file) => rm(join(ctx.config.dataDir, 'files', file.storagePath), { force: true })),
      ...received.map((file) => rm(file.temporaryPath, { force: true })),
    ]);
    throw error;
  }
  return placed.map((file) => ({
    id: file.id,
    name: file.name,
    size: file.size,
    type: file.mime,
    url: `/api/files/${file.id}`,
  }));
}
