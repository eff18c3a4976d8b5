/**
 * Shrinks a photo on the device before it is stored and uploaded: decoded with its EXIF
 * orientation applied (createImageBitmap with imageOrientation 'from-image'), drawn at most
 * PHOTO_MAX_SIDE px on its longest side and encoded as JPEG at PHOTO_QUALITY. An OffscreenCanvas is
 * used where the browser has one (no layout, no DOM), a <canvas> otherwise. A photo the browser cannot
 * decode (HEIC outside Safari, say) is returned as it is. Loaded on first use only: not in step 1.
 */
import { fitWithin, PHOTO_MAX_SIDE, PHOTO_QUALITY, photoName } from './photo-size';

export interface ShrinkEnvironment {
  decode: (
    blob: Blob,
  ) => Promise<{ width: number; height: number; source: CanvasImageSource; close?: () => void }>;
  encode: (source: CanvasImageSource, width: number, height: number, quality: number) => Promise<Blob>;
}

async function decodeImage(blob: Blob) {
  const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  return { width: bitmap.width, height: bitmap.height, source: bitmap, close: () => bitmap.close() };
}

async function encodeJpeg(source: CanvasImageSource, width: number, height: number, quality: number) {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (context) {
      context.drawImage(source, 0, 0, width, height);
      return canvas.convertToBlob({ type: 'image/jpeg', quality });
    }
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2d canvas');
  context.drawImage(source, 0, 0, width, height);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))),
      'image/jpeg',
      quality,
    ),
  );
}

const browser: ShrinkEnvironment = { decode: decodeImage, encode: encodeJpeg };

/**
 * The shrunk photo as a File named «Страница N.jpg», or the original file when it cannot be decoded
 * or encoding would not make it smaller.
 */
export async function shrinkPhoto(
  file: File,
  page: number,
  environment: ShrinkEnvironment = browser,
): Promise<File> {
  let decoded: Awaited<ReturnType<ShrinkEnvironment['decode']>>;
  try {
    decoded = await environment.decode(file);
  } catch {
    return file;
  }
  try {
    const size = fitWithin(decoded.width, decoded.height, PHOTO_MAX_SIDE);
    const isJpeg = file.type === 'image/jpeg';
    const blob = await environment.encode(decoded.source, size.width, size.height, PHOTO_QUALITY);
    // A small JPEG re-encoded can grow: keep the original then. Any other type (HEIC, PNG) is converted.
    if (isJpeg && blob.size >= file.size) return file;
    return new File([blob], photoName(page), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    decoded.close?.();
  }
}

export async function shrinkPhotos(
  files: readonly File[],
  firstPage: number,
  environment?: ShrinkEnvironment,
) {
  const shrunk: File[] = [];
  for (const [index, file] of files.entries())
    shrunk.push(await shrinkPhoto(file, firstPage + index, environment));
  return shrunk;
}
