/**
 * Pure sizing rules for photos taken with the camera (docs/decisions/0054-camera-photos.md): the
 * longest side is brought down to PHOTO_MAX_SIDE, never up, keeping the aspect ratio.
 */

export const PHOTO_MAX_SIDE = 2400;
export const PHOTO_QUALITY = 0.85;

export function fitWithin(width: number, height: number, maxSide = PHOTO_MAX_SIDE) {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width: Math.round(width), height: Math.round(height) };
  const scale = maxSide / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** «Страница 3.jpg»: a camera's own names (image.jpg, IMG_0001.HEIC) say nothing to the bureau. */
export function photoName(page: number) {
  return `Страница ${page}.jpg`;
}

/** The next page's number: one past the highest «Страница N» already chosen (none: 1). */
export function nextPhotoPage(names: readonly string[]) {
  let highest = 0;
  for (const name of names) {
    const page = /^Страница (\d+)\.jpg$/.exec(name)?.[1];
    if (page) highest = Math.max(highest, Number(page));
  }
  return highest + 1;
}
