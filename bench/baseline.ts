/** Starts bench/baseline-server.mjs in a child process and tells where it listens. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function startBaseline(body: unknown): Promise<{ origin: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'perevod-bench-'));
  const file = join(dir, 'body.json');
  writeFileSync(file, JSON.stringify(body));
  const child = spawn(process.execPath, [new URL('./baseline-server.mjs', import.meta.url).pathname, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`baseline server exited with ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
