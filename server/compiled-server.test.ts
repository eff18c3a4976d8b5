/**
 * The server as `npm start` and `npm run serve` run it: compiled by the build
 * (scripts/build/server-bundle.mjs) and run by plain node, with no TypeScript compiler in its
 * process tree. On a new data folder its database is made by PGlite's initdb in a process of its
 * own, which has ended by the time the server answers; `npm run backup`'s compiled command asks it
 * for a backup, whose archive a worker thread writes from the compiled code too.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../scripts/build/server-bundle.mjs';
import { PROJECT_ROOT } from './project-files';
import { type ServerProcess, startServerProcess, waitForHealth } from './test-support/server-process';

// A folder of its own at the project's root, where the compiled files find the project's files.
const COMPILED = `dist-server-test-${process.pid}`;
const dataDir = mkdtempSync(join(tmpdir(), 'perevod-compiled-'));
let server: ServerProcess | undefined;
const ADMIN_PASSWORD = 'compiled-admin-password';

/** The processes whose parent is `pid`, by their command lines. */
function childrenOf(pid: number): string[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === pid ? [readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ')] : [];
      } catch {
        return [];
      }
    });
}

function run(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [join(COMPILED, script)], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

beforeAll(() => buildServer(PROJECT_ROOT, COMPILED), 120_000);
afterAll(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(join(PROJECT_ROOT, COMPILED), { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('starts with plain node on a new data folder, alone in its process tree, and serves the demo data', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    server = startServerProcess(port, dataDir, { ADMIN_PASSWORD: ADMIN_PASSWORD }, [
      join(COMPILED, 'main.js'),
    ]);
    await waitForHealth(server, 240_000);
    // Neither tsx nor esbuild beside it, and initdb's process is gone with its memory.
    expect(childrenOf(server.child.pid as number)).toEqual([]);
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(readdirSync(dataDir).filter((name) => name.includes('initdb'))).toEqual([]);
    const catalogue = await (await fetch(`${server.origin}/api/order/form-params`)).json();
    expect(catalogue.documents).toHaveLength(11);
  }, 300_000);

  it('re-encodes a point photo in its compiled worker thread', async () => {
    if (!server) throw new Error('the server did not start');
    const login = await fetch(`${server.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin@perevod.local', password: ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const picture = new PNG({ width: 4, height: 3 });
    picture.data.fill(200);
    const form = new FormData();
    form.append(
      'photo',
      new Blob([new Uint8Array(PNG.sync.write(picture))], { type: 'image/png' }),
      'door.png',
    );
    const upload = await fetch(`${server.origin}/api/point/photo/1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const point = (await upload.json()) as { photos: string[] };
    expect(point.photos).toHaveLength(1);
  }, 60_000);

  it('takes a backup asked for by the compiled backup command, and stops cleanly', async () => {
    if (!server) throw new Error('the server did not start');
    const backup = await run('backup-command.js', { DATA_DIR: dataDir });
    expect(backup.output).toContain('backup written (');
    expect(backup.code).toBe(0);
    const archives = readdirSync(join(dataDir, 'backups')).filter((name) => name.endsWith('.tar.gz'));
    expect(archives).toHaveLength(1);
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  }, 120_000);
});
