/**
 * The real server process with S3_* set refuses to start on a bucket that is not there, saying
 * so, before it opens its database. (Serving from the bucket: shared-bucket.test.ts.)
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../test-support/s3-server';
import { freePort } from '../test-support/scratch-postgres';
import { type ServerProcess, startServerProcess } from '../test-support/server-process';

const folders: string[] = [];
const children: ServerProcess[] = [];
let s3: LocalS3;

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'perevod-s3-process-'));
  folders.push(dataDir);
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
});
