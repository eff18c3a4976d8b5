/**
 * A backup or restore that cannot go on, with a message for the operator (Russian, then English,
 * like the data-folder lock's). The commands print it and exit 1; the job logs and records it.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}
