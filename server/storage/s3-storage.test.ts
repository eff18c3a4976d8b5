/**
 * The S3 storage against a real S3 API (s3rver, in this process): bytes in and out, parts moved
 * in from the local disk, missing keys, and the start's check naming what is wrong.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  GetObjectCommand,
  type ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type LocalS3, startLocalS3 } from '../test-support/s3-server';
import { storageFor } from './configured';
import { type FileStorage, newStorageKey, StorageUnreachableError } from './file-storage';
import { listObjects } from './s3-storage';

let s3: LocalS3;
let storage: FileStorage;
const folder = mkdtempSync(join(tmpdir(), 'perevod-s3-parts-'));

const storageWith = (env: Record<string, string>) => storageFor(loadConfig({ DATA_DIR: folder, ...env }));

async function bytesOf(key: string): Promise<Buffer> {
  const stored = await storage.read(key);
  if (!stored) throw new Error(`${key} is not stored`);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  expect(bytes.length).toBe(stored.size);
  return bytes;
}

beforeAll(async () => {
  s3 = await startLocalS3(['perevod-files']);
  storage = storageWith(s3.env('perevod-files'));
  expect(storage.kind).toBe('s3');
});

afterAll(async () => {
  storage?.close();
  await s3?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('S3-compatible file storage', () => {
  it('keeps bytes under their key with their type, and reads them back', async () => {
    const key = newStorageKey('5b0c8c3e-0000-4000-8000-000000000001');
    expect(key).toMatch(/^\d{4}-\d{2}\/5b0c8c3e-/);
    const bytes = randomBytes(70_000);
    await storage.write(key, bytes, 'image/png');
    expect(await storage.exists(key)).toBe(true);
    expect((await bytesOf(key)).equals(bytes)).toBe(true);
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const raw = await client.send(new GetObjectCommand({ Bucket: 'perevod-files', Key: key }));
    expect(raw.ContentType).toBe('image/png');
    await raw.Body?.transformToByteArray();
    client.destroy();
  });

  it('moves a finished part in from the local disk: 10 MB in and out, the part gone', async () => {
    const part = join(folder, 'part');
    const bytes = randomBytes(10 * 1024 * 1024);
    writeFileSync(part, bytes);
    const key = newStorageKey('5b0c8c3e-0000-4000-8000-000000000002');
    let started = performance.now();
    await storage.moveIn(key, part, 'application/pdf');
    const putMs = performance.now() - started;
    expect(existsSync(part)).toBe(false);
    started = performance.now();
    expect((await bytesOf(key)).equals(bytes)).toBe(true);
    const getMs = performance.now() - started;
    console.log(`10 MB through s3rver: put ${Math.round(putMs)} ms, get ${Math.round(getMs)} ms`);
  });

  it('answers null for a key with nothing stored, and removes twice without complaint', async () => {
    const key = newStorageKey('5b0c8c3e-0000-4000-8000-000000000003');
    expect(await storage.read(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    await storage.write(key, Buffer.from('%PDF-1.4'), 'application/pdf');
    await storage.remove(key);
    await storage.remove(key);
    expect(await storage.read(key)).toBeNull();
  });

  it('lets a reader stop halfway without harming the next reads', async () => {
    const key = newStorageKey('5b0c8c3e-0000-4000-8000-000000000004');
    const bytes = randomBytes(3 * 1024 * 1024);
    await storage.write(key, bytes, 'application/pdf');
    for (let round = 0; round < 5; round++) {
      const stored = await storage.read(key);
      for await (const _chunk of stored?.stream ?? []) break;
    }
    expect((await bytesOf(key)).equals(bytes)).toBe(true);
  });

  it('lists the objects under its S3_PREFIX with their times, the prefix taken off', async () => {
    const prefixed = storageWith({ ...s3.env('perevod-files'), S3_PREFIX: 'perevod-listed' });
    const keys = ['a', 'b', 'c'].map((letter) =>
      newStorageKey(`5b0c8c3e-0000-4000-8000-00000000010${letter}`),
    );
    for (const key of keys) await prefixed.write(key, Buffer.from('x'), 'text/plain');
    expect(await prefixed.claim('installation-1')).toBe('installation-1');
    const listed: string[] = [];
    for await (const object of prefixed.list()) {
      expect(object.lastModified.getTime()).toBeGreaterThan(Date.now() - 600_000);
      listed.push(object.key);
    }
    // The claim (.installation) is beside them, not a storage key.
    expect(listed.sort()).toEqual([...keys].sort());
    expect(await storage.exists(`perevod-listed/${keys[0]}`)).toBe(true);
    expect(await storage.exists(keys[0] as string)).toBe(false);
    expect(await prefixed.claim('installation-2')).toBe('installation-1');
    prefixed.close();
  });

  it('lists page after page while the storage says there are more', async () => {
    // s3rver cannot make a continuation token on Node 20 (it ciphers it with DES): a scripted client.
    const at = new Date('2026-05-01T00:00:00Z');
    const pages: ListObjectsV2CommandOutput[] = [
      {
        $metadata: {},
        IsTruncated: true,
        NextContinuationToken: 'page-2',
        Contents: [
          { Key: 'mine/2026-05/one', LastModified: at },
          { Key: 'mine/.installation', LastModified: at },
        ],
      },
      { $metadata: {}, IsTruncated: false, Contents: [{ Key: 'mine/2026-05/two', LastModified: at }] },
    ];
    const asked: (string | undefined)[] = [];
    const client = {
      send: async (command: ListObjectsV2Command) => {
        expect(command.input).toMatchObject({ Bucket: 'perevod-files', Prefix: 'mine/' });
        asked.push(command.input.ContinuationToken);
        return pages[asked.length - 1];
      },
    } as unknown as Pick<S3Client, 'send'>;
    const listed = [];
    for await (const object of listObjects(client, 'perevod-files', 'mine/')) listed.push(object);
    expect(asked).toEqual([undefined, 'page-2']);
    expect(listed).toEqual([
      { key: '2026-05/one', lastModified: at },
      { key: '2026-05/two', lastModified: at },
    ]);
  });

  it('refuses keys that are not its own layout, such as ../secrets.json', async () => {
    await expect(storage.read('../secrets.json')).rejects.toThrow(/not a storage key/);
    await expect(storage.write('/etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /not a storage key/,
    );
  });

  it('checks at start: a bucket that exists passes, a missing one, wrong keys or no server say so', async () => {
    await storage.check();
    const missing = storageWith(s3.env('no-such-bucket'));
    await expect(missing.check()).rejects.toThrow(StorageUnreachableError);
    await expect(missing.check()).rejects.toThrow(/бакет не найден/);
    missing.close();
    const wrongKeys = storageWith({ ...s3.env('perevod-files'), S3_ACCESS_KEY_ID: 'NOT-OUR-KEY' });
    await expect(wrongKeys.check()).rejects.toThrow(/нет доступа/);
    wrongKeys.close();
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const away = storageWith({ ...s3.env('perevod-files'), S3_ENDPOINT: `http://127.0.0.1:${port}` });
    await expect(away.check()).rejects.toThrow(/хранилище недоступно/);
    away.close();
  });
});
