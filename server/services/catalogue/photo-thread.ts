/**
 * Re-encodes a point photo in a worker thread of its own (photo-worker.ts): decoding a
 * 12-megapixel JPEG in JavaScript takes a second or two of CPU, which must not hold the server's
 * event loop while customers place orders.
 */
import { Worker } from 'node:worker_threads';
import { threadScript } from '../../project-files';
import { BrokenImageError, type EncodedPhoto } from './photo-encoding';
import type { PhotoJob, PhotoReply } from './photo-worker';

const WORKER = threadScript('photo-worker', new URL('./photo-worker.mjs', import.meta.url));

/** The photo drawn again; BrokenImageError when it does not decode. */
export function reencodeInWorker(bytes: Uint8Array, mime: string): Promise<EncodedPhoto> {
  const job: PhotoJob = { bytes, mime };
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: job });
    let replied = false;
    worker.once('message', (reply: PhotoReply) => {
      replied = true;
      if (reply.ok) resolve(reply.photo);
      else reject(reply.broken ? new BrokenImageError(reply.message) : new Error(reply.message));
    });
    worker.once('error', (error) => {
      replied = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!replied) reject(new Error(`the photo worker stopped (exit code ${code}) without a reply`));
    });
  });
}
