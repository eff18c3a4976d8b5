/**
 * Strips what a photo says besides its pixels — EXIF (with the GPS position of a phone's
 * camera), XMP, IPTC, comments and text chunks — by walking the file's own structure, so the
 * pixels are copied byte for byte and nothing is decoded. A JPEG keeps its orientation: the one
 * EXIF tag that changes how the picture looks is written back in a minimal EXIF block of its own.
 * Formats: JPEG, PNG and GIF (what POST /api/point/photo accepts). A file that does not parse is
 * refused rather than stored as it came.
 */

export class BrokenImageError extends Error {
  override name = 'BrokenImageError';
}

const broken = (what: string) => new BrokenImageError(`broken ${what}`);

export function stripImageMetadata(bytes: Uint8Array, mime: string): Uint8Array {
  if (mime === 'image/jpeg') return stripJpeg(bytes);
  if (mime === 'image/png') return stripPng(bytes);
  if (mime === 'image/gif') return stripGif(bytes);
  throw broken(mime);
}

// ─── JPEG ─────────────────────────────────────────────────────────────────────────────────────

const SOI = 0xd8;
const SOS = 0xda;
const EOI = 0xd9;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

/** Segments kept before the image data: JFIF, the colour profile (APP2) and Adobe's (APP14). */
const isKeptApp = (marker: number) => marker === APP0 || marker === APP2 || marker === APP14;

function stripJpeg(bytes: Uint8Array): Uint8Array {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) throw broken('jpeg');
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientation: number | null = null;
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) throw broken('jpeg marker');
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === EOI || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      parts.push(bytes.subarray(at, at + 2));
      at += 2;
      if (marker === EOI) break;
      continue;
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) throw broken('jpeg segment');
    if (marker === SOS) {
      // The entropy-coded data and everything after it go as they are.
      parts.push(bytes.subarray(at));
      break;
    }
    const segment = bytes.subarray(at, end);
    if (marker === APP1) orientation ??= exifOrientation(segment.subarray(4));
    else if (marker === COM || (marker >= APP0 && marker <= 0xef && !isKeptApp(marker))) {
      // dropped: comments and application data (IPTC, XMP extensions, maker notes)
    } else parts.push(segment);
    at = end;
  }
  if (orientation !== null && orientation !== 1) {
    // After SOI (and JFIF, when there is one) — where readers look for it.
    const jfif = parts[1]?.[1] === APP0 ? 2 : 1;
    parts.splice(jfif, 0, orientationSegment(orientation));
  }
  return concat(parts);
}

/** Orientation (tag 0x0112) from an APP1 body, if it is EXIF and has one. */
function exifOrientation(body: Uint8Array): number | null {
  const exif = [0x45, 0x78, 0x69, 0x66, 0, 0];
  if (!exif.every((byte, index) => body[index] === byte)) return null;
  const tiff = body.subarray(6);
  if (tiff.length < 8) return null;
  const little = tiff[0] === 0x49;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const u16 = (offset: number) => (offset + 2 <= tiff.length ? view.getUint16(offset, little) : 0);
  const u32 = (offset: number) => (offset + 4 <= tiff.length ? view.getUint32(offset, little) : 0);
  const ifd = u32(4);
  const entries = u16(ifd);
  for (let index = 0; index < entries; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 segment holding only the orientation: EXIF header, big-endian TIFF, one IFD entry. */
function orientationSegment(orientation: number): Uint8Array {
  const body = [
    ...[0x45, 0x78, 0x69, 0x66, 0, 0],
    ...[0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8],
    ...[0, 1],
    ...[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0],
    ...[0, 0, 0, 0],
  ];
  const length = body.length + 2;
  return Uint8Array.from([0xff, APP1, length >> 8, length & 0xff, ...body]);
}

// ─── PNG ──────────────────────────────────────────────────────────────────────────────────────

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Text, EXIF and the time of last change: the chunks that carry words, places and dates. */
const DROPPED_PNG_CHUNKS = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

function stripPng(bytes: Uint8Array): Uint8Array {
  if (!PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) throw broken('png');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) throw broken('png chunk');
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) throw broken('png chunk');
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!DROPPED_PNG_CHUNKS.has(type)) parts.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') break;
  }
  return concat(parts);
}

// ─── GIF ──────────────────────────────────────────────────────────────────────────────────────

function stripGif(bytes: Uint8Array): Uint8Array {
  const header = String.fromCharCode(...bytes.subarray(0, 6));
  if (header !== 'GIF87a' && header !== 'GIF89a') throw broken('gif');
  const byteAt = (offset: number) => {
    const value = bytes[offset];
    if (value === undefined) throw broken('gif block');
    return value;
  };
  /** Past a run of data sub-blocks (each a length byte, then data; a zero length ends them). */
  const skipSubBlocks = (offset: number) => {
    let at = offset;
    for (let size = byteAt(at); size !== 0; size = byteAt(at)) at += size + 1;
    return at + 1;
  };
  const colourTable = (flags: number) => ((flags & 0x80) !== 0 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let at = 13 + colourTable(byteAt(10));
  const parts: Uint8Array[] = [bytes.subarray(0, at)];
  for (;;) {
    const introducer = byteAt(at);
    if (introducer === 0x3b) {
      parts.push(bytes.subarray(at, at + 1));
      break;
    }
    if (introducer === 0x21) {
      const label = byteAt(at + 1);
      const end = skipSubBlocks(at + 2);
      const application = label === 0xff ? String.fromCharCode(...bytes.subarray(at + 3, at + 14)) : '';
      // Comments and XMP go; the loop count (NETSCAPE2.0) and frame timing stay.
      const dropped = label === 0xfe || (label === 0xff && application !== 'NETSCAPE2.0');
      if (!dropped) parts.push(bytes.subarray(at, end));
      at = end;
      continue;
    }
    if (introducer === 0x2c) {
      const imageStart = at;
      at += 10 + colourTable(byteAt(at + 9));
      at = skipSubBlocks(at + 1); // after the LZW minimum code size
      parts.push(bytes.subarray(imageStart, at));
      continue;
    }
    throw broken('gif block');
  }
  return concat(parts);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
