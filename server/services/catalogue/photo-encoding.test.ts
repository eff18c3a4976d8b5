/** A point photo is drawn again from its pixels: upright, at most 1600 px a side, nothing else kept. */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { gif, phonePhoto, pngWithText, SECRETS } from '../../test-support/photos';
import { BrokenImageError, MAX_PHOTO_SIDE, reencodePhoto } from './photo-encoding';

/** The APPn markers of a JPEG before its scan. */
function appMarkers(bytes: Uint8Array): number[] {
  const found: number[] = [];
  let at = 2;
  while (bytes[at] === 0xff && bytes[at + 1] !== 0xda) {
    const marker = bytes[at + 1] as number;
    if (marker >= 0xe0 && marker <= 0xef) found.push(marker);
    at += 2 + (((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number));
  }
  return found;
}

const holds = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));

describe('a re-encoded photo', () => {
  it("keeps none of a JPEG's EXIF, GPS, APP2, comment or bytes after its end, and stands upright", () => {
    const source = phonePhoto(40, 20, 6);
    for (const secret of SECRETS) expect(holds(source, secret)).toBe(true);
    const { bytes, mime } = reencodePhoto(source, 'image/jpeg');
    expect(mime).toBe('image/jpeg');
    for (const secret of [...SECRETS, 'Exif']) expect(holds(bytes, secret), secret).toBe(false);
    // Only the encoder's own JFIF header; the file ends where the image does.
    expect(appMarkers(bytes)).toEqual([0xe0]);
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
    // Orientation 6 (turn clockwise): 40×20 becomes 20×40, the red left half now on top.
    const picture = jpeg.decode(bytes, { useTArray: true });
    expect([picture.width, picture.height]).toEqual([20, 40]);
    const top = picture.data.subarray((5 * 20 + 10) * 4);
    expect(top[0]).toBeGreaterThan(150);
    expect(top[2]).toBeLessThan(100);
  });

  it("keeps none of a PNG's text chunks or bytes after IEND", () => {
    const { bytes, mime } = reencodePhoto(pngWithText(), 'image/png');
    expect(mime).toBe('image/png');
    for (const secret of ['COMMENT-SECRET', 'TRAILER-SECRET', 'tEXt'])
      expect(holds(bytes, secret)).toBe(false);
    const png = PNG.sync.read(Buffer.from(bytes));
    expect([png.width, png.height]).toEqual([40, 20]);
    expect([...png.data.subarray(0, 3)]).toEqual([230, 20, 20]);
  });

  it('turns a GIF into a PNG of its first frame', () => {
    const { bytes, mime } = reencodePhoto(gif(), 'image/gif');
    expect(mime).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(bytes));
    expect([png.width, png.height]).toEqual([4, 2]);
    expect([...png.data.subarray(0, 3)]).toEqual([0xe6, 0x14, 0x14]);
  });

  it('scales a big picture down to the card size', () => {
    const png = new PNG({ width: 3200, height: 1000 });
    png.data.fill(200);
    const { bytes } = reencodePhoto(PNG.sync.write(png), 'image/png');
    const small = PNG.sync.read(Buffer.from(bytes));
    expect([small.width, small.height]).toEqual([MAX_PHOTO_SIDE, 500]);
  });

  it('refuses a file that does not decode', () => {
    const broken = Buffer.concat([phonePhoto().subarray(0, 300), Buffer.alloc(50, 7)]);
    expect(() => reencodePhoto(broken, 'image/jpeg')).toThrow(BrokenImageError);
    expect(() => reencodePhoto(Buffer.from('GIF89a-nothing'), 'image/gif')).toThrow(BrokenImageError);
  });
});
