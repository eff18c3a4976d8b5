/** The worker thread that writes one archive (archive-writer.ts); started by writeArchive in archive.ts. */
import { parentPort, workerData } from 'node:worker_threads';
import { type ArchiveSource, type ManifestWithoutEntries, writeArchiveHere } from './archive-writer';
import { BackupError } from './errors';

export interface ArchiveJob {
  target: string;
  sources: ArchiveSource[];
  manifest: ManifestWithoutEntries;
}

export type ArchiveJobReply =
  | { ok: true; written: Awaited<ReturnType<typeof writeArchiveHere>> }
  | { ok: false; message: string; backupError: boolean };

const job = workerData as ArchiveJob;
let reply: ArchiveJobReply;
try {
  reply = { ok: true, written: await writeArchiveHere(job.target, job.sources, job.manifest) };
} catch (error) {
  reply = {
    ok: false,
    message: error instanceof Error ? error.message : String(error),
    backupError: error instanceof BackupError,
  };
}
parentPort?.postMessage(reply);
