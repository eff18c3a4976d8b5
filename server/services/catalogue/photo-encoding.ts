/**
 * A pickup point's photo, drawn again from its pixels: decoded, turned upright (a phone's JPEG says
 * how to hold it in EXIF), scaled down to at most MAX_PHOTO_SIDE pixels a side — the point card
 * never shows more — and encoded anew. Nothing of the uploaded file survives but the picture: no
 * EXIF with the GPS position, no XMP, comments or colour profiles, no application segments, no
 * bytes hidden in the scan data or after the image's end. Filtering the file's segments (the way
 * this was done before) kept whatever a crafted file carried in the parts a filter keeps.
 *
 * Pure JavaScript codecs (jpeg-js, pngjs, omggif: no native code, no install scripts, nothing
 * downloaded): a JPEG stays a JPEG (quality 85), a PNG stays a PNG, a GIF becomes a PNG of its
 * first frame (a point's photo is no animation; PNG keeps its colours exactly). Decoding a
 * 12-megapixel photo takes a second or two of CPU, so the server runs this in a worker thread
 * (photo-thread.ts). A file that does not decode is refused.
 */
import jpeg from 'jpeg-js';
import { GifReader } from 'omggif';
import { PNG } from 'pngjs';

export class BrokenImageError extends Error {
  override name = 'BrokenImageError';
}

/** The point card shows photos at most this many pixels wide (twice its CSS size, for sharp screens). */
export const MAX_PHOTO_SIDE = 1600;
/** Bigger pictures are refused rather than decoded: 10 MB of JPEG can claim any size. */
const MAX_MEGAPIXELS = 50;
const JPEG_QUALITY = 85;

export interface EncodedPhoto {
  bytes: Uint8Array;
  mime: 'image/jpeg' | 'image/png';
}

interface Picture {
  width: number;
  height: number;
  /** RGBA, four bytes a pixel. */
  data: Uint8Array;
}

export function reencodePhoto(bytes: Uint8Array, mime: string): EncodedPhoto {
  let picture: Picture;
  try {
    picture = decode(bytes, mime);
  } catch (error) {
    if (error instanceof BrokenImageError) throw error;
    throw new BrokenImageError(`broken ${mime}: ${(error as Error).message}`);
  }
  if (mime === 'image/jpeg') picture = upright(picture, jpegOrientation(bytes));
  picture = downscale(picture, MAX_PHOTO_SIDE);
  if (mime === 'image/jpeg') {
    return { bytes: new Uint8Array(jpeg.encode(picture, JPEG_QUALITY).data), mime: 'image/jpeg' };
  }
  return { bytes: new Uint8Array(encodePng(picture)), mime: 'image/png' };
}

function decode(bytes: Uint8Array, mime: string): Picture {
  if (mime === 'image/jpeg') {
    const { width, height, data } = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_MEGAPIXELS,
      maxMemoryUsageInMB: 512,
    });
    return { width, height, data };
  }
  if (mime === 'image/png') {
    const png = PNG.sync.read(Buffer.from(pngUntilEnd(bytes)));
    return { width: png.width, height: png.height, data: new Uint8Array(png.data) };
  }
  if (mime === 'image/gif') {
    const gif = new GifReader(Buffer.from(bytes));
    if (gif.width * gif.height > MAX_MEGAPIXELS * 1_000_000) throw new BrokenImageError('gif too large');
    const data = new Uint8Array(gif.width * gif.height * 4);
    gif.decodeAndBlitFrameRGBA(0, data);
    return { width: gif.width, height: gif.height, data };
  }
  throw new BrokenImageError(`not a photo: ${mime}`);
}

/** The PNG up to its IEND chunk: bytes after it are no part of the picture (and pngjs refuses them). */
function pngUntilEnd(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    at += 12 + length;
    if (type === 'IEND') return bytes.subarray(0, at);
  }
  return bytes;
}

/** PNG with alpha only when some pixel is see-through: an opaque picture is a third smaller. */
function encodePng(picture: Picture): Buffer {
  let opaque = true;
  for (let i = 3; i < picture.data.length; i += 4) {
    if (picture.data[i] !== 255) {
      opaque = false;
      break;
    }
  }
  const png = new PNG({
    width: picture.width,
    height: picture.height,
    colorType: opaque ? 2 : 6,
    inputColorType: 6,
    inputHasAlpha: true,
  });
  png.data = Buffer.from(picture.data.buffer, picture.data.byteOffset, picture.data.byteLength);
  return PNG.sync.write(png, { colorType: opaque ? 2 : 6, inputColorType: 6, inputHasAlpha: true });
}

// ─── Orientation ───────────────────────────────────────────────────────────────────────────────

/** EXIF Orientation (1–8) of a JPEG, read from its APP1 segment; 1 when it says none. */
export function jpegOrientation(bytes: Uint8Array): number {
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xda || marker === 0xd9) break; // the scan or the end: no more headers
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (marker === 0xe1) {
      const found = exifOrientation(bytes.subarray(at + 4, at + 2 + length));
      if (found !== null) return found;
    }
    at += 2 + length;
  }
  return 1;
}

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

/**
 * The picture as the camera meant it to be seen. EXIF orientations: 2 mirrored, 3 turned half
 * round, 4 flipped, 5–8 the same on their side (6: turn clockwise, 8: counter-clockwise).
 */
export function upright(picture: Picture, orientation: number): Picture {
  if (orientation <= 1 || orientation > 8) return picture;
  const { width, height, data } = picture;
  const sideways = orientation >= 5;
  const outWidth = sideways ? height : width;
  const outHeight = sideways ? width : height;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let tx: number;
      let ty: number;
      switch (orientation) {
        case 2:
          [tx, ty] = [width - 1 - x, y];
          break;
        case 3:
          [tx, ty] = [width - 1 - x, height - 1 - y];
          break;
        case 4:
          [tx, ty] = [x, height - 1 - y];
          break;
        case 5:
          [tx, ty] = [y, x];
          break;
        case 6:
          [tx, ty] = [height - 1 - y, x];
          break;
        case 7:
          [tx, ty] = [height - 1 - y, width - 1 - x];
          break;
        default:
          [tx, ty] = [y, width - 1 - x];
          break; // 8
      }
      const from = (y * width + x) * 4;
      const to = (ty * outWidth + tx) * 4;
      out[to] = data[from] as number;
      out[to + 1] = data[from + 1] as number;
      out[to + 2] = data[from + 2] as number;
      out[to + 3] = data[from + 3] as number;
    }
  }
  return { width: outWidth, height: outHeight, data: out };
}

// ─── Size ──────────────────────────────────────────────────────────────────────────────────────

/** Scaled so its longer side is at most `max`, each new pixel the mean of the pixels it covers. */
export function downscale(picture: Picture, max: number): Picture {
  const { width, height, data } = picture;
  const scale = Math.max(width, height) / max;
  if (scale <= 1) return picture;
  const outWidth = Math.max(1, Math.round(width / scale));
  const outHeight = Math.max(1, Math.round(height / scale));
  const out = new Uint8Array(outWidth * outHeight * 4);
  for (let oy = 0; oy < outHeight; oy += 1) {
    const y0 = Math.floor((oy * height) / outHeight);
    const y1 = Math.max(y0 + 1, Math.floor(((oy + 1) * height) / outHeight));
    for (let ox = 0; ox < outWidth; ox += 1) {
      const x0 = Math.floor((ox * width) / outWidth);
      const x1 = Math.max(x0 + 1, Math.floor(((ox + 1) * width) / outWidth));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let y = y0; y < y1; y += 1) {
        let at = (y * width + x0) * 4;
        for (let x = x0; x < x1; x += 1, at += 4) {
          r += data[at] as number;
          g += data[at + 1] as number;
          b += data[at + 2] as number;
          a += data[at + 3] as number;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const to = (oy * outWidth + ox) * 4;
      out[to] = Math.round(r / n);
      out[to + 1] = Math.round(g / n);
      out[to + 2] = Math.round(b / n);
      out[to + 3] = Math.round(a / n);
    }
  }
  return { width: outWidth, height: outHeight, data: out };
}
