/**
 * A ZIP written while it is sent, entry by entry, never whole in memory: the "stored" method (no
 * compression — scans are JPEGs and PDFs, compressed already, and the JSON is small), names in
 * UTF-8 (general-purpose flag bit 11). A buffer's CRC-32 and size go in its local header; a
 * stream's, known only at its end, in a data descriptor after it (bit 3), as zip tools expect.
 * No ZIP64: an archive past 4 GiB or 65,535 entries is refused, far beyond one person's files.
 */
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

export interface ZipEntry {
  /** The path inside the archive, with `/` between folders. */
  name: string;
  modifiedAt: Date;
  /** The bytes, or a stream of them (a stored file). */
  content: Uint8Array | Readable;
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const UTF8_NAMES = 0x0800;
const SIZES_AFTER_DATA = 0x0008;
const VERSION = 20;
const MAX_32 = 0xffffffff;

/** MS-DOS date and time, as zip tools show them: in Moscow time, the bureau's (UTC+3 all year). */
function dosDateTime(at: Date): { date: number; time: number } {
  const moscow = new Date(at.getTime() + 3 * 3600_000);
  const year = Math.min(Math.max(moscow.getUTCFullYear(), 1980), 2107);
  return {
    date: ((year - 1980) << 9) | ((moscow.getUTCMonth() + 1) << 5) | moscow.getUTCDate(),
    time: (moscow.getUTCHours() << 11) | (moscow.getUTCMinutes() << 5) | (moscow.getUTCSeconds() >> 1),
  };
}

interface Written {
  name: Buffer;
  flags: number;
  date: number;
  time: number;
  crc: number;
  size: number;
  offset: number;
}

function localHeader(entry: Written): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(entry.flags, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(entry.time, 10);
  header.writeUInt16LE(entry.date, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.size, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function dataDescriptor(entry: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.size, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralHeader(entry: Written): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(entry.flags, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(entry.time, 12);
  header.writeUInt16LE(entry.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.size, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  // extra field, comment, disk number, internal and external attributes: none
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

const tooLarge = () =>
  new Error('The archive would pass 4 GiB or 65,535 entries, which a ZIP without ZIP64 cannot hold');

/** The archive's bytes, chunk by chunk: give it to Readable.from() to send with back-pressure. */
export async function* zipChunks(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    if (written.length === 0xffff) throw tooLarge();
    const base = {
      name: Buffer.from(entry.name, 'utf8'),
      ...dosDateTime(entry.modifiedAt),
      offset,
    };
    let record: Written;
    if (entry.content instanceof Uint8Array) {
      record = { ...base, flags: UTF8_NAMES, crc: crc32(entry.content), size: entry.content.length };
      const header = localHeader(record);
      yield header;
      yield Buffer.from(entry.content.buffer, entry.content.byteOffset, entry.content.length);
      offset += header.length + record.size;
    } else {
      record = { ...base, flags: UTF8_NAMES | SIZES_AFTER_DATA, crc: 0, size: 0 };
      const header = localHeader(record);
      yield header;
      for await (const chunk of entry.content) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
        record.crc = crc32(bytes, record.crc);
        record.size += bytes.length;
        if (record.size > MAX_32) throw tooLarge();
        yield bytes;
      }
      const descriptor = dataDescriptor(record);
      yield descriptor;
      offset += header.length + record.size + descriptor.length;
    }
    if (offset > MAX_32) throw tooLarge();
    written.push(record);
  }
  let directorySize = 0;
  for (const record of written) {
    const header = centralHeader(record);
    directorySize += header.length;
    yield header;
  }
  if (offset + directorySize > MAX_32) throw tooLarge();
  yield endOfCentralDirectory(written.length, directorySize, offset);
}
