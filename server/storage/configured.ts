/**
 * The file storage the configuration asks for: the S3-compatible bucket when S3_BUCKET is set,
 * DATA_DIR/files otherwise (config.ts `storage`). The S3 implementation, and the AWS SDK with it,
 * is imported on first use: a server on the local disk (and every test of one) never loads it.
 */
import type { ServerConfig } from '../config';
import { describeBucket, type S3Options } from './bucket';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';

function lazyS3Storage(options: S3Options): FileStorage {
  let loaded: FileStorage | undefined;
  let loading: Promise<FileStorage> | undefined;
  const storage = () => {
    loading ??= import('./s3-storage').then((module) => {
      loaded = module.createS3Storage(options);
      return loaded;
    });
    return loading;
  };
  return {
    kind: 's3',
    description: describeBucket(options),
    write: async (key, bytes, contentType) => (await storage()).write(key, bytes, contentType),
    moveIn: async (key, path, contentType) => (await storage()).moveIn(key, path, contentType),
    read: async (key) => (await storage()).read(key),
    exists: async (key) => (await storage()).exists(key),
    remove: async (key) => (await storage()).remove(key),
    async *list() {
      yield* (await storage()).list();
    },
    claim: async (id) => (await storage()).claim(id),
    check: async () => (await storage()).check(),
    close: () => loaded?.close(),
  };
}

export function storageFor(config: Pick<ServerConfig, 'dataDir' | 'storage'>): FileStorage {
  const { storage } = config;
  if (storage.kind === 'local') return createLocalStorage(config.dataDir);
  const { kind: _kind, ...options } = storage;
  return lazyS3Storage(options);
}
