/**
 * A PostgreSQL cluster of a test's own, made with initdb and run with pg_ctl on a free port in a
 * temporary folder, so a test may stop and start it without disturbing the shared test database.
 * As root (CI) the cluster runs as the `postgres` user, since PostgreSQL refuses to run as root.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder with initdb and pg_ctl, or undefined when PostgreSQL's server is not installed. */
export function postgresBinDir(): string | undefined {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(join(dir, 'initdb'))) return dir;
  } catch {
    // No pg_config: look where Debian puts the server.
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = join(root, version, 'bin');
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  return undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ScratchPostgres {
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: clients are disconnected, as in a restart for an upgrade. */
  stop(): void;
  start(): void;
  /** Stop if running and delete the folder. */
  destroy(): void;
}

export async function startScratchPostgres(binDir: string): Promise<ScratchPostgres> {
  const folder = mkdtempSync(join(tmpdir(), 'perevod-pg-'));
  const dataDir = join(folder, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(folder, postgresUid(), postgresGid());
  const run = (tool: string, args: string[]) => {
    const command = join(binDir, tool);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
    else execFileSync(command, args, { stdio: 'pipe' });
  };
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'perevod', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  let running = false;
  const cluster: ScratchPostgres = {
    url: `postgres://perevod@127.0.0.1:${port}/postgres`,
    port,
    start() {
      run('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(folder, 'log'), '-w', 'start']);
      running = true;
    },
    stop() {
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    destroy() {
      try {
        if (running) cluster.stop();
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
  cluster.start();
  return cluster;
}

function postgresUid(): number {
  return Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
}

function postgresGid(): number {
  return Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
}
