/**
 * Real pictures for the photo tests, made with the same codecs the server decodes them with, and
 * the kinds of extra a phone or a crafted file carries: EXIF with a GPS position and an
 * orientation, an APP2 segment, a comment, bytes after the end of the image, a PNG text chunk.
 */
import jpeg from 'jpeg-js';
import { GifWriter } from 'omggif';
import { PNG } from 'pngjs';

/** Width × height pixels, the left half red and the right half blue. */
export function halves(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      const left = x < width / 2;
      data.set([left ? 230 : 20, 20, left ? 20 : 230, 255], at);
    }
  }
  return data;
}

const segment = (marker: number, body: Buffer) =>
  Buffer.concat([Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);

/** EXIF holding an orientation and, as a camera writes it, where the photo was taken (as text). */
function exif(orientation: number): Buffer {
  const tiff = Buffer.from([
    ...[0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8],
    ...[0, 1],
    ...[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0],
    ...[0, 0, 0, 0],
  ]);
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, Buffer.from('GPS 55.75N 37.61E', 'latin1')]);
}

export const SECRETS = ['GPS 55.75N', 'ICC-SECRET-PROFILE', 'COMMENT-SECRET', 'TRAILER-SECRET'];

/** A JPEG photo with EXIF (orientation, GPS), an APP2 segment, a comment and bytes after its end. */
export function phonePhoto(width = 40, height = 20, orientation = 1): Buffer {
  const plain = jpeg.encode({ data: halves(width, height), width, height }, 90).data;
  return Buffer.concat([
    plain.subarray(0, 2),
    segment(0xe1, exif(orientation)),
    segment(0xe2, Buffer.from('ICC-SECRET-PROFILE', 'latin1')),
    segment(0xfe, Buffer.from('COMMENT-SECRET', 'latin1')),
    plain.subarray(2),
    Buffer.from('TRAILER-SECRET', 'latin1'),
  ]);
}

/** A PNG with a text chunk and bytes after IEND. */
export function pngWithText(width = 40, height = 20): Buffer {
  const png = new PNG({ width, height });
  png.data = Buffer.from(halves(width, height));
  const plain = PNG.sync.write(png);
  const iend = plain.length - 12;
  const text = Buffer.from('CommentCOMMENT-SECRET', 'latin1');
  const chunk = Buffer.alloc(12 + text.length);
  chunk.writeUInt32BE(text.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  text.copy(chunk, 8);
  return Buffer.concat([plain.subarray(0, iend), chunk, plain.subarray(iend), Buffer.from('TRAILER-SECRET')]);
}

/** A two-colour GIF. */
export function gif(width = 4, height = 2): Buffer {
  const out = Buffer.alloc(1024);
  const writer = new GifWriter(out, width, height, { palette: [0xe61414, 0x1414e6] });
  const pixels = Array.from({ length: width * height }, (_, i) => (i % width < width / 2 ? 0 : 1));
  writer.addFrame(0, 0, width, height, pixels);
  return out.subarray(0, writer.end());
}
