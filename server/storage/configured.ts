/**
 * The file storage the configuration asks for: the S3-compatible bucket when S3_BUCKET is set,
 * DATA_DIR/files otherwise (config.ts `storage`).
 */
import type { ServerConfig } from '../config';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

export function storageFor(config: Pick<ServerConfig, 'dataDir' | 'storage'>): FileStorage {
  const { storage } = config;
  if (storage.kind === 'local') return createLocalStorage(config.dataDir);
  const { kind: _kind, ...options } = storage;
  return createS3Storage(options);
}
