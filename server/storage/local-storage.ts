/**
 * Stored files on this machine's disk: DATA_DIR/files/<key>, i.e. files/<YYYY-MM>/<uuid> as
 * uploads have always been laid out (backups archive that folder as it is). The server user's
 * alone: 0600 files in 0700 folders. A part moved in is renamed into place: no copy.
 */
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  checkStorageKey,
  type FileStorage,
  isStorageKey,
  StorageUnreachableError,
  type StoredBytes,
  type StoredObject,
} from './file-storage';

const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;

export const localFilesRoot = (dataDir: string) => join(dataDir, 'files');

/** Upload parts wait here for the length of a request (services/documents/uploads.ts): not stored files. */
const INCOMING = 'incoming';

/** DATA_DIR/files/incoming: where uploads write their parts, and the hourly cleanup sweeps. */
export const incomingPartsFolder = (dataDir: string) => join(localFilesRoot(dataDir), INCOMING);

/** The files under `folder` of root, depth first; a folder gone meanwhile is empty. */
async function* walk(root: string, folder: string): AsyncGenerator<StoredObject> {
  const entries = await readdir(join(root, folder), { withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  for (const entry of entries) {
    const key = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (key !== INCOMING) yield* walk(root, key);
    } else if (entry.isFile() && isStorageKey(key)) {
      const info = await stat(join(root, key)).catch(() => null);
      if (info) yield { key, lastModified: info.mtime };
    }
  }
}

export function createLocalStorage(dataDir: string): FileStorage {
  const root = localFilesRoot(dataDir);
  const pathOf = (key: string) => join(root, checkStorageKey(key));
  const place = async (key: string) => {
    const target = pathOf(key);
    await mkdir(dirname(target), { recursive: true, mode: PRIVATE_FOLDER });
    return target;
  };
  return {
    kind: 'local',
    description: root,
    async write(key, bytes) {
      await writeFile(await place(key), bytes, { mode: PRIVATE_FILE, flag: 'wx' });
    },
    async moveIn(key, path) {
      await rename(path, await place(key));
    },
    async read(key): Promise<StoredBytes | null> {
      const handle = await open(pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
        throw error;
      });
      if (!handle) return null;
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      // The stream owns the handle and closes it when it ends or is destroyed.
      return { stream: handle.createReadStream(), size: info.size };
    },
    async exists(key) {
      return stat(pathOf(key)).then(
        (info) => info.isFile(),
        () => false,
      );
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    list: () => walk(root, ''),
    claim: async (id) => id,
    async check() {
      try {
        await mkdir(root, { recursive: true, mode: PRIVATE_FOLDER });
      } catch (error) {
        throw new StorageUnreachableError(
          `Папка файлов ${root} недоступна / the files folder cannot be used: ${(error as Error).message}`,
        );
      }
    },
    close() {},
  };
}
