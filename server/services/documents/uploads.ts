/**
 * Uploads: files stream to DATA_DIR/files/incoming (never held in memory), their type is read
 * from their content (magic bytes), and only when every file of the request is accepted are they
 * moved into the file storage (ctx.storage: DATA_DIR/files or the S3 bucket) and recorded — one
 * bad file refuses the whole request and leaves nothing behind. Parts on the local disk are the
 * server user's alone (0600 in 0700 folders). Anonymous uploads are limited per address in requests
 * and in bytes per hour (UPLOAD_MB_PER_HOUR_PER_ADDRESS); files never attached to an order are
 * removed by file-cleanup.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import type { components } from '../../../src/api/schema.gen';
import type { AppContext } from '../../app-context';
import { forgiveHits, hit, type RateLimit, spend } from '../../auth/rate-limits';
import { files } from '../../db/schema';
import { ProductError } from '../../errors';
import { newStorageKey } from '../../storage/file-storage';
import { incomingPartsFolder } from '../../storage/local-storage';
import { removeStoredFiles } from './stored-files';

export type FileItem = components['schemas']['FileItem'];

/** Order documents people send: PDF, scans, Word and Excel (old formats are OLE compound files). */
export const DOCUMENT_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);

export interface ReceivedFile {
  id: string;
  name: string;
  size: number;
  mime: string;
  sha256: string;
  /** Where it waits under files/incoming until the whole request is accepted. */
  temporaryPath: string;
}

/** Anonymous uploads per client address (the form sends one request a file). */
export const PUBLIC_UPLOAD_LIMIT = { limit: 60, windowSeconds: 600 };

const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;

/** One file of a multipart request, as it streams in. */
export interface IncomingPart {
  fieldname: string;
  filename: string | undefined;
  /** `truncated`: the part was cut at the app's size limit. */
  file: Readable & { truncated: boolean };
}

/** A request's files as the HTTP layer hands them over (handlers/uploaded-files.ts). */
export interface IncomingFiles {
  parts: AsyncIterable<IncomingPart>;
  /** The largest file the app takes at all (app.ts); a kind of file may take less. */
  maxFileBytes: number;
  /** The sender's address, for the limits of uploads without a sign-in. */
  ip: string;
  /** The length the request declares, when it declares one. */
  declaredBytes: number | undefined;
}

/**
 * A multipart form with text fields beside its files (a message's text, a result's note). The
 * fields are complete once every part has been read, wherever in the form they came.
 */
export interface IncomingForm extends IncomingFiles {
  fields(): Readonly<Record<string, string>>;
}

/** The finished translation staff attach: PDF, Word (DOCX) or a scan. */
export const RESULT_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/jpeg',
  'image/png',
]);

/** Megabytes as the uploader's message writes them (docs/uploads.md): 100, or 0.06 for a test's 64 KB. */
const megabytes = (bytes: number) => String(Math.round((bytes / 1024 / 1024) * 100) / 100);

const tooLarge = (name: string, limit: number) =>
  new ProductError(
    'too-large',
    'PAYLOAD_TOO_LARGE',
    `Файл ${name} превышает максимальный размер ${megabytes(limit)}MB`,
  );
const brokenForm = () =>
  new ProductError(
    'validation',
    'VALIDATION_ERROR',
    'Некорректный запрос: форма с файлами повреждена или оборвана',
  );

/**
 * The multipart reader (busboy) fails a malformed or cut form with plain errors that carry no
 * code; those are the client's fault. Errors of the disk (ENOSPC, EACCES: a syscall) stay ours.
 */
function asClientError(error: unknown): unknown {
  if (error instanceof ProductError) return error;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  if (syscall !== undefined) return error;
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  return brokenForm();
}
const wrongType = (name: string, acceptedTypes: ReadonlySet<string>) =>
  new ProductError(
    'unsupported-type',
    'UNSUPPORTED_MEDIA_TYPE',
    acceptedTypes === RESULT_TYPES
      ? `Файл ${name} имеет недопустимый формат: нужен PDF, DOCX, JPG или PNG`
      : `Файл ${name} имеет недопустимый формат`,
  );

/** Keeps a name people recognise, without paths or control characters. */
function cleanName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned.slice(0, 200) || 'file';
}

/**
 * Streams the request's files in `field` under files/incoming and checks each one's content
 * against `acceptedTypes`; on any failure every file already written is removed. The caller
 * moves the accepted files into place (or removes them).
 */
export async function receiveFiles(
  incoming: IncomingFiles,
  dataDir: string,
  field: string,
  acceptedTypes: ReadonlySet<string> = DOCUMENT_TYPES,
  /** A lower limit than the app's for this kind of file (a point's photo: 10 MB). */
  maxBytes?: number,
  /** What the whole request may still store (an address's byte budget), and the refusal past it. */
  budget?: { bytes: number; refused: () => ProductError },
  /** The most files one request of this kind carries, and the refusal past it. */
  most?: { files: number; refused: () => ProductError },
): Promise<ReceivedFile[]> {
  const stored: ReceivedFile[] = [];
  let total = 0;
  const folder = incomingPartsFolder(dataDir);
  const sizeLimit = Math.min(incoming.maxFileBytes, maxBytes ?? Number.POSITIVE_INFINITY);
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER });
  try {
    for await (const part of incoming.parts) {
      const name = cleanName(part.filename);
      if (part.fieldname !== field) {
        part.file.resume();
        throw new ProductError(
          'validation',
          'VALIDATION_ERROR',
          `Некорректный запрос: файлы передаются в поле ${field}`,
        );
      }
      if (most && stored.length >= most.files) {
        part.file.resume();
        throw most.refused();
      }
      const id = randomUUID();
      const temporary = join(folder, id);
      stored.push({ id, name, size: 0, mime: '', sha256: '', temporaryPath: temporary });
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          total += chunk.length;
          if (budget && total > budget.bytes) return done(budget.refused());
          if (size > sizeLimit) return done(tooLarge(name, sizeLimit));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        // Written as it arrives; over the limit the stream fails at once and the part is removed below.
        await pipeline(part.file, measure, createWriteStream(temporary, { mode: PRIVATE_FILE }));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(name, sizeLimit);
        // Over the lower limit: the rest of the part is drained so the request can be answered.
        if (error instanceof ProductError) part.file.resume();
        throw error;
      }
      if (part.file.truncated) throw tooLarge(name, sizeLimit);
      const detected = await fileTypeFromFile(temporary);
      if (!detected || !acceptedTypes.has(detected.mime)) throw wrongType(name, acceptedTypes);
      Object.assign(stored[stored.length - 1] as ReceivedFile, {
        size,
        mime: detected.mime,
        sha256: hash.digest('hex'),
      });
    }
  } catch (error) {
    await Promise.all(stored.map((file) => rm(file.temporaryPath, { force: true })));
    throw asClientError(error);
  }
  return stored;
}

const KILOBYTE = 1024;

/** The address's bytes per hour, counted in kilobytes (the counter is a 32-bit integer). */
function byteBudget(ctx: AppContext, ip: string): RateLimit {
  return {
    key: `upload:bytes:${ip}`,
    limit: Math.ceil(ctx.config.limits.uploadBytesPerHourPerAddress / KILOBYTE),
    windowSeconds: 60 * 60,
    message: (wait) =>
      `С этого адреса за час загружено слишком много файлов. Повторите через ${wait} или войдите в личный кабинет и загрузите файлы там.`,
  };
}

/** What a kind of upload takes beyond the order documents' defaults. */
export interface UploadKind {
  /** The types it takes by content; order documents by default. */
  types?: ReadonlySet<string>;
  /** A request without any file is fine (a message of text only). */
  allowNone?: boolean;
  /** At most this many files, refused past it. */
  most?: { files: number; refused: () => ProductError };
}

/**
 * Receives the request's order documents in field `files`: type by content, size, and — without
 * signing in, or when `countAddress` says so — the address's requests and byte budget. The
 * request's declared length (or, when it declares none, the whole hour's budget) is taken out of
 * the address's byte budget before a byte is read, in one upsert, so parallel requests cannot
 * share the same room; what the files turn out not to need is given back.
 */
export async function receiveOrderDocuments(
  ctx: AppContext,
  incoming: IncomingFiles,
  countAddress: boolean,
  kind: UploadKind = {},
): Promise<ReceivedFile[]> {
  let reserved: { limit: RateLimit; kilobytes: number } | undefined;
  let budget: { bytes: number; refused: () => ProductError } | undefined;
  if (countAddress) {
    // Counted before a byte is read, so a refused request costs no disk.
    await hit(ctx.db, [{ key: `upload:address:${incoming.ip}`, ...PUBLIC_UPLOAD_LIMIT }]);
    const limit = byteBudget(ctx, incoming.ip);
    const bytes = incoming.declaredBytes ?? limit.limit * KILOBYTE;
    const kilobytes = Math.ceil(bytes / KILOBYTE);
    await spend(ctx.db, limit, kilobytes);
    reserved = { limit, kilobytes };
    budget = {
      bytes,
      refused: () =>
        new ProductError(
          'too-large',
          'PAYLOAD_TOO_LARGE',
          'Файлы больше, чем указано в запросе: отправьте их заново',
        ),
    };
  }
  let received: ReceivedFile[];
  try {
    received = await receiveFiles(
      incoming,
      ctx.config.dataDir,
      'files',
      kind.types ?? DOCUMENT_TYPES,
      undefined,
      budget,
      kind.most,
    );
  } catch (error) {
    if (reserved) await forgiveHits(ctx.db, [reserved.limit.key], reserved.kilobytes);
    throw error;
  }
  if (reserved) {
    const used = Math.ceil(received.reduce((sum, file) => sum + file.size, 0) / KILOBYTE);
    await forgiveHits(ctx.db, [reserved.limit.key], reserved.kilobytes - used);
  }
  if (received.length === 0 && !kind.allowNone) {
    throw new ProductError(
      'validation',
      'VALIDATION_ERROR',
      'Некорректный запрос: прикрепите хотя бы один файл в поле files',
    );
  }
  return received;
}

export type PlacedFile = ReceivedFile & { storagePath: string };

/** Moves received files into the file storage; on a failure nothing is left in either place. */
export async function placeReceivedFiles(ctx: AppContext, received: ReceivedFile[]): Promise<PlacedFile[]> {
  const placed: PlacedFile[] = [];
  try {
    for (const file of received) {
      const storagePath = newStorageKey(file.id);
      await ctx.storage.moveIn(storagePath, file.temporaryPath, file.mime);
      placed.push({ ...file, storagePath });
    }
    return placed;
  } catch (error) {
    await discardFiles(ctx, received, placed);
    throw error;
  }
}

/** Removes received files wherever they are now (the incoming folder or the file storage). */
export async function discardFiles(
  ctx: AppContext,
  received: readonly ReceivedFile[],
  placed: readonly PlacedFile[] = [],
): Promise<void> {
  await Promise.all([
    removeStoredFiles(
      ctx.storage,
      placed.map((file) => file.storagePath),
    ),
    ...received.map((file) => rm(file.temporaryPath, { force: true })),
  ]);
}

/** The files rows of placed order documents (or of another kind of an order's file). */
export const documentRows = (
  placed: readonly PlacedFile[],
  ownerUserId: number | null,
  orderId?: number,
  kind: 'ORDER_DOCUMENT' | 'ORDER_RESULT' | 'MESSAGE_FILE' = 'ORDER_DOCUMENT',
) =>
  placed.map((file) => ({
    id: file.id,
    ownerUserId,
    orderId: orderId ?? null,
    storagePath: file.storagePath,
    name: file.name,
    size: file.size,
    mime: file.mime,
    kind,
    sha256: file.sha256,
  }));

/** Stores the request's files in field `files` as order documents of `ownerUserId` (or nobody). */
export async function storeOrderDocuments(
  ctx: AppContext,
  incoming: IncomingFiles,
  ownerUserId: number | null,
): Promise<FileItem[]> {
  const received = await receiveOrderDocuments(ctx, incoming, ownerUserId === null);
  const placed = await placeReceivedFiles(ctx, received);
  try {
    await ctx.db.insert(files).values(documentRows(placed, ownerUserId));
  } catch (error) {
    await discardFiles(ctx, received, placed);
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
