/** The local file storage keeps today's layout and modes: files/<YYYY-MM>/<uuid>, 0600 in 0700. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newStorageKey, type StoredObject } from './file-storage';
import { createLocalStorage } from './local-storage';

const dataDir = mkdtempSync(join(tmpdir(), 'perevod-local-storage-'));
const storage = createLocalStorage(dataDir);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function read(key: string): Promise<Buffer | null> {
  const stored = await storage.read(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).length).toBe(stored.size);
  return Buffer.concat(chunks);
}

describe('local file storage', () => {
  it('writes under DATA_DIR/files/<month>/<uuid>, private, and reads back', async () => {
    const key = newStorageKey('0e9a4c52-0000-4000-8000-000000000001');
    await storage.write(key, Buffer.from('%PDF-1.4 one'), 'application/pdf');
    const path = join(dataDir, 'files', key);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, '..')).mode & 0o777).toBe(0o700);
    expect((await read(key))?.toString()).toBe('%PDF-1.4 one');
    expect(await storage.exists(key)).toBe(true);
    // Written once: a second write under the same key is refused, never an overwrite.
    await expect(storage.write(key, Buffer.from('other'), 'application/pdf')).rejects.toThrow(/EEXIST/);
  });

  it('renames a part into place, and forgets a key twice without complaint', async () => {
    const part = join(dataDir, 'part');
    writeFileSync(part, 'scan', { mode: 0o600 });
    const key = newStorageKey('0e9a4c52-0000-4000-8000-000000000002');
    await storage.moveIn(key, part, 'image/png');
    expect(existsSync(part)).toBe(false);
    expect(readFileSync(join(dataDir, 'files', key), 'utf8')).toBe('scan');
    await storage.remove(key);
    await storage.remove(key);
    expect(await read(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
  });

  it('lists its files with their times, not the upload parts in files/incoming', async () => {
    const key = newStorageKey('0e9a4c52-0000-4000-8000-000000000003');
    await storage.write(key, Buffer.from('%PDF-1.4 three'), 'application/pdf');
    mkdirSync(join(dataDir, 'files', 'incoming'), { recursive: true });
    writeFileSync(join(dataDir, 'files', 'incoming', 'part'), 'half');
    const listed: StoredObject[] = [];
    for await (const object of storage.list()) listed.push(object);
    expect(listed.map((object) => object.key).sort()).toContain(key);
    expect(listed.some((object) => object.key.startsWith('incoming'))).toBe(false);
    expect(listed.find((object) => object.key === key)?.lastModified).toEqual(
      statSync(join(dataDir, 'files', key)).mtime,
    );
  });

  it('refuses keys that could leave its folder', async () => {
    await expect(storage.read('../secrets.json')).rejects.toThrow(/not a storage key/);
    await expect(storage.remove('2026-05/../../secrets.json')).rejects.toThrow(/not a storage key/);
    expect(await storage.read('2026-05')).toBeNull();
  });
});
