/**
 * The real server process: a second one on the same data folder is refused (two PGlite
 * processes corrupt it), SIGTERM ends it cleanly, and a restart on the same folder works.
 */
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDataDir } from './test-support/database';
import { type ServerProcess, startServerProcess, waitForHealth } from './test-support/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'perevod-process-'));
const folders = [dataDir];
const children: ServerProcess[] = [];

function startProcess(port: number, folder = dataDir): ServerProcess {
  const started = startServerProcess(port, folder);
  children.push(started);
  return started;
}

const randomPort = () => 20_000 + Math.floor(Math.random() * 20_000);

afterAll(() => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the server process', () => {
  // A database as after a first start: what is tested here is the process, not PGlite's initdb
  // (the browser suite's server starts from an empty folder).
  beforeAll(() => seedDataDir(dataDir), 120_000);

  it('refuses a second server on the same data folder, stops cleanly on SIGTERM and restarts', async () => {
    const port = randomPort();
    const first = startProcess(port);
    await waitForHealth(first);

    const second = startProcess(port + 1);
    expect(await second.exit).not.toBe(0);
    expect(second.output()).toContain('уже используется другим процессом');
    expect(second.output()).toContain('is already used by another server process');

    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);

    const again = startProcess(port + 2);
    await waitForHealth(again);
    const catalogue = await (await fetch(`http://127.0.0.1:${port + 2}/api/order/form-params`)).json();
    expect(catalogue.documents).toHaveLength(11);
    again.child.kill('SIGTERM');
    expect(await again.exit).toBe(0);
  }, 300_000);

  it('starts after kill -9 and keeps the data folder private to its user', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'perevod-process-'));
    folders.push(folder);
    await seedDataDir(folder);
    chmodSync(folder, 0o755);
    const port = randomPort();
    const killed = startProcess(port, folder);
    await waitForHealth(killed);
    killed.child.kill('SIGKILL');
    await killed.exit;

    const restarted = startProcess(port + 1, folder);
    await waitForHealth(restarted);
    const open = openEntries(folder);
    expect(open, open.join('\n')).toEqual([]);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exit).toBe(0);
  }, 300_000);
});

/** Every file or folder in `folder` that its group or other users could read or write. */
function openEntries(folder: string): string[] {
  const found: string[] = [];
  if ((lstatSync(folder).mode & 0o077) !== 0) found.push(folder);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...openEntries(path));
    else if (entry.isFile() && (lstatSync(path).mode & 0o077) !== 0) found.push(path);
  }
  return found;
}
