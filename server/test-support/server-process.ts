/**
 * The real server process (server/main.ts through tsx, or a compiled main.js), as an operator
 * starts it: for tests of what only a whole process shows — the data-folder lock, signals, a
 * database restart, the compiled server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUITE_LIMITS } from './limits';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  origin: string;
  /** Everything the process printed so far, stdout and stderr. */
  output: () => string;
  exit: Promise<number | null>;
}

export function startServerProcess(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  /** Node's arguments: the sources through tsx unless a compiled main.js is given. */
  args = ['--import', 'tsx', 'server/main.ts'],
): ServerProcess {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'process-test-password',
      STATIC_DIR: join(dataDir, 'no-dist'),
      ...SUITE_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, origin: `http://127.0.0.1:${port}`, output: () => output, exit };
}

/** Waits until GET /api/health answers 200; fails at once if the process exits first. */
export async function waitForHealth(server: ServerProcess, timeoutMs = 110_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const response = await fetch(`${server.origin}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}
