/**
 * Tells PNG, GIF and JPEG apart by their first bytes (their signatures), not by the name or the
 * type the browser guessed from it: a renamed text file is not an image. Three signatures need
 * no library; the server checks again with file-type when the image is uploaded.
 */
export type ImageKind = 'png' | 'gif' | 'jpeg';

/** How many leading bytes detectImageKind needs. */
export const SIGNATURE_LENGTH = 8;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87A = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61];
const GIF89A = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A)) return 'gif';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  return null;
}

export async function detectFileImageKind(file: Blob): Promise<ImageKind | null> {
  return detectImageKind(new Uint8Array(await file.slice(0, SIGNATURE_LENGTH).arrayBuffer()));
}
