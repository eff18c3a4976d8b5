/**
 * The real server process with S3_* set refuses to start on a bucket that is not there, saying
 * so, before it opens its database; with S3_PREFIX it claims the prefix for its database at start
 * (docs/decisions/0035). (Serving from the bucket: shared-bucket.test.ts.)
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDataDir } from '../test-support/database';
import { type LocalS3, startLocalS3 } from '../test-support/s3-server';
import { freePort } from '../test-support/scratch-postgres';
import { type ServerProcess, startServerProcess, waitForHealth } from '../test-support/server-process';

const folders: string[] = [];
const children: ServerProcess[] = [];
let s3: LocalS3;

async function start(env: Record<string, string>, seeded = false): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'perevod-s3-process-'));
  folders.push(dataDir);
  if (seeded) await seedDataDir(dataDir);
  const server = startServerProcess(await freePort(), dataDir, env);
  children.push(server);
  return server;
}

beforeAll(async () => {
  s3 = await startLocalS3(['perevod-process']);
});
afterAll(async () => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
  await s3?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('a server process on object storage', () => {
  it('refuses to start when the bucket does not exist, naming it', async () => {
    const server = await start(s3.env('no-such-bucket'));
    expect(await server.exit).toBe(1);
    expect(server.output()).toMatch(/s3:\/\/no-such-bucket .*бакет не найден/);
    // Refused before the database: the data folder holds no database made for nothing.
    expect(existsSync(join(folders.at(-1) as string, 'pglite'))).toBe(false);
  }, 60_000);

  it('claims its S3_PREFIX for its database at start, before any sweep', async () => {
    const server = await start({ ...s3.env('perevod-process'), S3_PREFIX: 'perevod-claimed' }, true);
    await waitForHealth(server);
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const claim = await client.send(
      new GetObjectCommand({ Bucket: 'perevod-process', Key: 'perevod-claimed/.installation' }),
    );
    expect(await claim.Body?.transformToString()).toMatch(/^[0-9a-f-]{36}$/);
    client.destroy();
    expect(server.output()).not.toMatch(/S3_PREFIX/);
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  }, 120_000);
});
