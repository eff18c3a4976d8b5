import { describe, expect, it } from 'vitest';
import { moveItem } from './choose-files';
import { fitWithin, nextPhotoPage, PHOTO_MAX_SIDE, PHOTO_QUALITY } from './photo-size';
import { type ShrinkEnvironment, shrinkPhoto, shrinkPhotos } from './shrink-photo';

describe('fitWithin', () => {
  it('brings a 12 MP landscape photo to 2,400 px on its long side, keeping the ratio', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 2400, height: 1800 });
  });
  it('does the same for a portrait photo', () => {
    expect(fitWithin(3024, 4032)).toEqual({ width: 1800, height: 2400 });
  });
  it('never enlarges a small photo', () => {
    expect(fitWithin(1200, 900)).toEqual({ width: 1200, height: 900 });
    expect(fitWithin(2400, 10)).toEqual({ width: 2400, height: 10 });
  });
  it('keeps a very thin strip at least one pixel high', () => {
    expect(fitWithin(100_000, 3)).toEqual({ width: 2400, height: 1 });
  });
  it('gives nothing for a broken size', () => {
    expect(fitWithin(0, 3000)).toEqual({ width: 0, height: 0 });
    expect(fitWithin(Number.NaN, 3000)).toEqual({ width: 0, height: 0 });
  });
});

/** A canvas stand-in: records what was drawn and returns a JPEG of a chosen size. */
function environment(width: number, height: number, encodedBytes: number) {
  const calls: { width: number; height: number; quality: number }[] = [];
  let closed = false;
  const env: ShrinkEnvironment = {
    decode: async () => ({ width, height, source: {} as CanvasImageSource, close: () => (closed = true) }),
    encode: async (_source, w, h, quality) => {
      calls.push({ width: w, height: h, quality });
      return new Blob([new Uint8Array(encodedBytes)], { type: 'image/jpeg' });
    },
  };
  return { env, calls, closed: () => closed };
}

const photo = (bytes: number, name = 'IMG_0001.jpg', type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('shrinkPhoto', () => {
  it('draws a 4000×3000 photo at 2400×1800, JPEG quality 0.85, named after its page', async () => {
    const { env, calls, closed } = environment(4000, 3000, 900_000);
    const shrunk = await shrinkPhoto(photo(6_000_000), 2, env);
    expect(calls).toEqual([{ width: PHOTO_MAX_SIDE, height: 1800, quality: PHOTO_QUALITY }]);
    expect(shrunk.size).toBe(900_000);
    expect(shrunk.type).toBe('image/jpeg');
    expect(shrunk.name).toBe('Страница 2.jpg');
    expect(closed()).toBe(true);
  });

  it('keeps a small JPEG as it is when re-encoding would not make it smaller', async () => {
    const original = photo(200_000);
    const { env } = environment(1000, 800, 250_000);
    expect(await shrinkPhoto(original, 1, env)).toBe(original);
  });

  it('converts a HEIC the browser decodes into a JPEG even when it grows', async () => {
    const { env } = environment(4032, 3024, 1_100_000);
    const shrunk = await shrinkPhoto(photo(1_000_000, 'IMG_0002.HEIC', 'image/heic'), 1, env);
    expect(shrunk.type).toBe('image/jpeg');
    expect(shrunk.name).toBe('Страница 1.jpg');
  });

  it('uploads a photo the browser cannot decode as it is', async () => {
    const original = photo(3_000_000, 'IMG_0003.HEIC', 'image/heic');
    const env: ShrinkEnvironment = {
      decode: () => Promise.reject(new DOMException('cannot decode', 'InvalidStateError')),
      encode: () => Promise.reject(new Error('not called')),
    };
    expect(await shrinkPhoto(original, 1, env)).toBe(original);
  });

  it('numbers several pages in a row from the first page given', async () => {
    const { env } = environment(4000, 3000, 800_000);
    const shrunk = await shrinkPhotos([photo(5_000_000), photo(5_000_000)], 3, env);
    expect(shrunk.map((file) => file.name)).toEqual(['Страница 3.jpg', 'Страница 4.jpg']);
  });
});

describe('nextPhotoPage', () => {
  it('numbers a new photo one past the highest page chosen, so a reload or a removal never repeats a name', () => {
    expect(nextPhotoPage([])).toBe(1);
    expect(nextPhotoPage(['passport.pdf', 'Страница 1.jpg', 'Страница 3.jpg'])).toBe(4);
    expect(nextPhotoPage(['Страница 2.jpg (копия).jpg'])).toBe(1);
  });
});

describe('moveItem', () => {
  const list = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  it('moves an item up or down one place', () => {
    expect(moveItem(list, 'b', -1).map((item) => item.id)).toEqual(['b', 'a', 'c']);
    expect(moveItem(list, 'b', 1).map((item) => item.id)).toEqual(['a', 'c', 'b']);
  });
  it('leaves the list as it is at either end or for an unknown id', () => {
    expect(moveItem(list, 'a', -1).map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(moveItem(list, 'c', 1).map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(moveItem(list, 'x', 1).map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });
});
