/**
 * Starts the real API server as a child process for the e2e suite, the size script, the bench and
 * Lighthouse: a fresh temporary DATA_DIR (embedded PGlite, demo data seeded at start), a free
 * loopback port, the built app from STATIC_DIR. Resolves once GET /api/health answers 200.
 * The sources run through tsx (`tsx server/main.ts`, the suites: no build of the server needed);
 * with `compiled`, the production server (`node dist-server/main.js`, as `npm start` runs it,
 * which scripts/build.mjs makes), for figures that must be production's.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUITE_LIMITS } from './suite-limits.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const E2E_ADMIN_PASSWORD = 'e2e-Admin-password-1';

/** A port the OS says is free right now on 127.0.0.1. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The server's data folder, once it has exited. Under tsx the process that exits is tsx's
 * launcher, and the server beneath it may write its last files a moment later (seen as ENOTEMPTY
 * on a busy machine): the removal is retried for a few seconds, as rmSync can.
 * @param {string} dataDir
 */
function removeDataDir(dataDir) {
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
}

/**
 * @param {{ staticDir?: string, env?: Record<string, string>, healthTimeoutMs?: number, compiled?: boolean, logFile?: string }} [options]
 */
export async function startAppServer(options = {}) {
  // The port is free when asked but may be taken before the server binds it (several suites and
  // servers start at once on a busy machine): on EADDRINUSE start again on another port.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startAppServerOnce(options);
    } catch (error) {
      if (attempt >= 3 || !String(error?.message).includes('EADDRINUSE')) throw error;
    }
  }
}

/** @param {{ staticDir?: string, env?: Record<string, string>, healthTimeoutMs?: number, logFile?: string }} options */
async function startAppServerOnce(options) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'perevod-e2e-data-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: resolve(ROOT, options.staticDir ?? 'dist'),
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ...SUITE_LIMITS,
    ...options.env,
  };
  // The suite runs on the embedded database (the server suite covers PostgreSQL); a caller that
  // wants PostgreSQL (the bench) passes DATABASE_URL in options.env.
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;

  const [command, args] = options.compiled
    ? [process.execPath, ['dist-server/main.js']]
    : [join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts']];
  // With logFile, the server writes its log to a file as it would to a journal in production, and
  // this process does not read every line (the bench's load generator runs here).
  const logFd = options.logFile ? openSync(options.logFile, 'a') : undefined;
  const child = spawn(command, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', logFd ?? 'pipe', logFd ?? 'pipe'],
  });
  let piped = '';
  const keep = (chunk) => {
    piped = (piped + chunk.toString()).slice(-20_000);
  };
  if (logFd === undefined) {
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  } else closeSync(logFd);
  const outputTail = () => (options.logFile ? readFileSync(options.logFile, 'utf8').slice(-20_000) : piped);
  /** @type {Promise<number | null>} */
  const exited = new Promise((r) => child.once('exit', (code, signal) => r(code ?? (signal ? -1 : null))));
  let running = true;
  void exited.then(() => {
    running = false;
  });
  // Whatever happens to this process, the server must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.healthTimeoutMs ?? 90_000);
  for (;;) {
    if (!running) {
      removeDataDir(dataDir);
      throw new Error(`${args[0]} exited before /api/health answered. Its output:\n${outputTail()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      removeDataDir(dataDir);
      throw new Error(`GET /api/health did not answer 200 in time. Server output:\n${outputTail()}`);
    }
    await sleep(250);
  }

  return {
    port,
    url,
    dataDir,
    /** The child's process id (the server, or tsx, which runs it in a child of its own). */
    pid: child.pid,
    output: outputTail,
    /** SIGTERM (the server checkpoints and closes), SIGKILL after 15 s; resolves with the exit code. */
    async stop() {
      if (running) {
        child.kill('SIGTERM');
        let timer;
        const timeout = new Promise((r) => {
          timer = setTimeout(() => r('timeout'), 15_000);
        });
        const code = await Promise.race([exited, timeout]);
        clearTimeout(timer);
        if (code === 'timeout') {
          console.warn(`${args[0]} ignored SIGTERM for 15 s: killed`);
          child.kill('SIGKILL');
          await exited;
        }
      }
      process.removeListener('exit', killOnExit);
      removeDataDir(dataDir);
      return exited;
    },
  };
}
