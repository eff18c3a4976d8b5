import { describe, expect, it } from 'vitest';
import { BrokenImageError, stripImageMetadata } from './image-metadata';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
  );
const contains = (haystack: Uint8Array, needle: string) =>
  Buffer.from(haystack).includes(Buffer.from(needle, 'latin1'));

/** A segment: marker, big-endian length (with itself), body. */
const segment = (marker: number, body: number[]) => [
  0xff,
  marker,
  (body.length + 2) >> 8,
  (body.length + 2) & 0xff,
  ...body,
];

/** EXIF with orientation 6 (rotated) and a GPS pointer, little-endian, then the words «Moscow GPS». */
const exifBody = [
  ...Buffer.from('Exif\0\0', 'latin1'),
  ...[0x49, 0x49, 0x2a, 0, 8, 0, 0, 0],
  ...[2, 0],
  ...[0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0],
  ...[0x25, 0x88, 4, 0, 1, 0, 0, 0, 0x26, 0, 0, 0],
  ...[0, 0, 0, 0],
  ...Buffer.from('Moscow GPS 55.75N 37.61E', 'latin1'),
];

const jpeg = bytes(
  [0xff, 0xd8],
  segment(0xe0, [...Buffer.from('JFIF\0', 'latin1'), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
  segment(0xe1, exifBody),
  segment(0xe1, [...Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Where</x:xmpmeta>', 'latin1')]),
  segment(0xfe, [...Buffer.from('taken at home', 'latin1')]),
  segment(0xdb, [0, ...Array(64).fill(1)]),
  segment(0xda, [1, 1, 0, 0, 63, 0]),
  [0x12, 0x34, 0xff, 0x00, 0x56],
  [0xff, 0xd9],
);

describe('stripping what a photo says besides its pixels', () => {
  it('drops a JPEG’s EXIF position, XMP and comment, keeps its tables and scan, and its orientation', () => {
    const clean = stripImageMetadata(jpeg, 'image/jpeg');
    expect(contains(clean, 'Moscow GPS')).toBe(false);
    expect(contains(clean, 'xmpmeta')).toBe(false);
    expect(contains(clean, 'taken at home')).toBe(false);
    expect(contains(clean, 'JFIF')).toBe(true);
    // The image data after the scan header is byte for byte the same.
    expect(Buffer.from(clean).includes(Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd9]))).toBe(true);
    // A minimal EXIF with orientation 6 only, right after JFIF.
    const exifAt = Buffer.from(clean).indexOf(Buffer.from('Exif\0\0', 'latin1'));
    expect(exifAt).toBeGreaterThan(0);
    expect(Buffer.from(clean).includes(Buffer.from([0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6]))).toBe(true);
    expect(clean.length).toBeLessThan(jpeg.length);
  });

  it('drops a PNG’s text and EXIF chunks and keeps the picture’s chunks', () => {
    const chunk = (type: string, data: number[]) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      return [...length, ...Buffer.from(type, 'latin1'), ...data, 0, 0, 0, 0];
    };
    const png = bytes(
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      chunk('IHDR', Array(13).fill(1)),
      chunk('tEXt', [...Buffer.from('Comment\0secret place', 'latin1')]),
      chunk('eXIf', [...Buffer.from('MM GPS here', 'latin1')]),
      chunk('IDAT', [1, 2, 3]),
      chunk('IEND', []),
    );
    const clean = stripImageMetadata(png, 'image/png');
    expect(contains(clean, 'secret place')).toBe(false);
    expect(contains(clean, 'GPS here')).toBe(false);
    expect(contains(clean, 'IHDR') && contains(clean, 'IDAT') && contains(clean, 'IEND')).toBe(true);
  });

  it('drops a GIF’s comment and XMP but keeps its loop and frames', () => {
    const gif = bytes(
      'GIF89a',
      [1, 0, 1, 0, 0x80, 0, 0],
      [0, 0, 0, 255, 255, 255],
      [0x21, 0xfe, 5, ...Buffer.from('hello', 'latin1'), 0],
      [0x21, 0xff, 11, ...Buffer.from('XMP DataXMP', 'latin1'), 4, ...Buffer.from('here', 'latin1'), 0],
      [0x21, 0xff, 11, ...Buffer.from('NETSCAPE2.0', 'latin1'), 3, 1, 0, 0, 0],
      [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0],
      [0x3b],
    );
    const clean = stripImageMetadata(gif, 'image/gif');
    expect(contains(clean, 'hello')).toBe(false);
    expect(contains(clean, 'XMP DataXMP')).toBe(false);
    expect(contains(clean, 'NETSCAPE2.0')).toBe(true);
    expect(clean.at(-1)).toBe(0x3b);
  });

  it('refuses a file whose structure is broken instead of storing it as it came', () => {
    expect(() => stripImageMetadata(bytes([0xff, 0xd8, 0x00, 0x01]), 'image/jpeg')).toThrow(BrokenImageError);
    expect(() => stripImageMetadata(bytes('GIF89a', [1, 0]), 'image/gif')).toThrow(BrokenImageError);
  });
});
