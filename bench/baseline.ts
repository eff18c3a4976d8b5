/** Starts a baseline server (bench/*-baseline-server.mjs) in a child process and tells where it listens. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Baseline {
  origin: string;
  pid: number;
  close: () => Promise<void>;
}

async function startScript(script: string, args: string[], cleanup = () => {}): Promise<Baseline> {
  const child = spawn(process.execPath, [new URL(script, import.meta.url).pathname, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      cleanup();
    },
  };
}

/** A bare node:http server answering `body` as JSON to every request. */
export function startBaseline(body: unknown): Promise<Baseline> {
  const dir = mkdtempSync(join(tmpdir(), 'perevod-bench-'));
  const file = join(dir, 'body.json');
  writeFileSync(file, JSON.stringify(body));
  return startScript('./baseline-server.mjs', [file], () => rmSync(dir, { recursive: true, force: true }));
}

/** node:http + pg writing an order's rows on `databaseUrl` (migrated and seeded beforehand). */
export function startOrderBaseline(databaseUrl: string): Promise<Baseline> {
  return startScript('./order-baseline-server.mjs', [databaseUrl]);
}
