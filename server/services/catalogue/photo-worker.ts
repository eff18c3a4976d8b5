/** The worker thread that draws one point photo again (photo-encoding.ts); started by photo-thread.ts. */
import { parentPort, workerData } from 'node:worker_threads';
import { BrokenImageError, type EncodedPhoto, reencodePhoto } from './photo-encoding';

export interface PhotoJob {
  bytes: Uint8Array;
  mime: string;
}

export type PhotoReply = { ok: true; photo: EncodedPhoto } | { ok: false; message: string; broken: boolean };

const job = workerData as PhotoJob;
let reply: PhotoReply;
try {
  reply = { ok: true, photo: reencodePhoto(job.bytes, job.mime) };
} catch (error) {
  reply = {
    ok: false,
    message: error instanceof Error ? error.message : String(error),
    broken: error instanceof BrokenImageError,
  };
}
parentPort?.postMessage(reply);
