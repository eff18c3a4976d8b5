/**
 * The few parts of ustar (POSIX tar) a backup archive needs: folders and regular files with short
 * names, written and read as streams so neither the archive nor a large upload is ever held in
 * memory (a PostgreSQL data folder needs its empty folders too).
 * Archives stay readable by any `tar` (`tar tzf perevod-….tar.gz`). The reader accepts only what
 * the writer makes: an archive holding links, devices or long-name extensions is not ours.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';

const BLOCK = 512;
/** 11 octal digits in the size field: 8 GiB less one byte. */
const MAX_SIZE = 8 ** 11 - 1;

export class TarFormatError extends Error {
  override name = 'TarFormatError';
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

/** ustar keeps a name in two fields: up to 155 bytes of folders, then up to 100 bytes. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let cut = name.lastIndexOf('/'); cut > 0; cut = name.lastIndexOf('/', cut - 1)) {
    const prefix = name.slice(0, cut);
    const base = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new TarFormatError(`name too long for a tar entry: ${name}`);
}

export type TarEntryType = 'file' | 'directory';

export function tarHeader(name: string, size: number, mtime: Date, type: TarEntryType = 'file'): Buffer {
  if (!Number.isSafeInteger(size) || size < 0 || size > MAX_SIZE) {
    throw new TarFormatError(`${name}: ${size} bytes do not fit a tar entry (8 GiB at most)`);
  }
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  block.write(base, 0, 100, 'utf8');
  writeOctal(block, 100, 8, type === 'directory' ? 0o700 : 0o600);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block.fill(' ', 148, 156);
  block.write(type === 'directory' ? '5' : '0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

/** Zeros that bring an entry of `size` bytes to a whole block. */
export const tarPadding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Two empty blocks end an archive. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

/** Writes with backpressure: waits for 'drain' when the stream asks to. */
export async function writeChunk(out: Writable, chunk: Uint8Array): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

export interface TarEntryHeader {
  /** Without the trailing slash a folder's name has in the archive. */
  name: string;
  size: number;
  type: TarEntryType;
}

export interface TarEntrySink {
  write(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
}

/** Reads exactly the bytes asked for from a stream of chunks. */
class ByteReader {
  private buffered: Buffer = Buffer.alloc(0);
  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  private async fill(): Promise<boolean> {
    const next = await this.source.next();
    if (next.done) return false;
    // Web streams (a Blob's) give Uint8Array, whose toString() is not text: view them as Buffers.
    const chunk = Buffer.isBuffer(next.value)
      ? next.value
      : Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    return true;
  }

  /** Exactly `length` bytes, or undefined when the stream ended before the first of them. */
  async read(length: number): Promise<Buffer | undefined> {
    while (this.buffered.length < length) {
      if (!(await this.fill())) {
        if (this.buffered.length === 0) return undefined;
        throw new TarFormatError('the archive ends in the middle of an entry');
      }
    }
    const taken = this.buffered.subarray(0, length);
    this.buffered = this.buffered.subarray(length);
    return taken;
  }

  /** `length` bytes as they come, in pieces. */
  async *pieces(length: number): AsyncGenerator<Buffer> {
    let left = length;
    while (left > 0) {
      if (this.buffered.length === 0 && !(await this.fill())) {
        throw new TarFormatError('the archive ends in the middle of an entry');
      }
      const piece = this.buffered.subarray(0, left);
      this.buffered = this.buffered.subarray(piece.length);
      left -= piece.length;
      yield piece;
    }
  }
}

function readText(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readText(block, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError('not a tar archive (bad number in a header)');
  return Number.parseInt(text, 8);
}

function parseHeader(block: Buffer): TarEntryHeader | undefined {
  if (block.every((byte) => byte === 0)) return undefined;
  let sum = 0;
  for (let index = 0; index < BLOCK; index++) sum += index >= 148 && index < 156 ? 32 : (block[index] ?? 0);
  if (sum !== readOctal(block, 148, 8)) throw new TarFormatError('not a tar archive (header checksum)');
  const flag = String.fromCharCode(block[156] ?? 0);
  if (flag !== '0' && flag !== '\0' && flag !== '5') {
    throw new TarFormatError(`unexpected tar entry type '${flag}': not an archive made by this app`);
  }
  const base = readText(block, 0, 100);
  const prefix = readText(block, 345, 155);
  const name = (prefix ? `${prefix}/${base}` : base).replace(/\/$/, '');
  const type = flag === '5' ? 'directory' : 'file';
  return { name, size: type === 'directory' ? 0 : readOctal(block, 124, 12), type };
}

/**
 * Reads a tar stream entry by entry: `onEntry` gives where the entry's bytes go, or undefined to
 * skip them. Resolves at the end-of-archive blocks; throws TarFormatError on anything else.
 */
export async function readTar(
  source: AsyncIterable<Uint8Array>,
  onEntry: (entry: TarEntryHeader) => Promise<TarEntrySink | undefined>,
): Promise<void> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  for (;;) {
    const block = await reader.read(BLOCK);
    if (!block) throw new TarFormatError('the archive ends without its end marker');
    const entry = parseHeader(block);
    if (!entry) return;
    const sink = await onEntry(entry);
    for await (const piece of reader.pieces(entry.size)) if (sink) await sink.write(piece);
    await sink?.end();
    await reader.read(tarPadding(entry.size).length);
  }
}
