/**
 * pg_dump and pg_restore, PostgreSQL's own tools (Debian: the postgresql-client package; it must
 * be at least the server's major version). The connection goes as a URL without its password,
 * and the password as PGPASSWORD, so `ps` on a shared machine never shows it.
 */
import { spawn } from 'node:child_process';
import { toolEnvironment } from '../config';
import { BackupError } from './errors';

/** libpq's target for DATABASE_URL: the URL without its password, and the password apart. */
export function libpqTarget(url: string): { dbname: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  return { dbname: parsed.toString(), password };
}

/** Runs a PostgreSQL tool against DATABASE_URL; resolves with its stderr, throws BackupError on failure. */
export function runPostgresTool(
  tool: 'pg_dump' | 'pg_restore',
  url: string,
  args: string[],
): Promise<string> {
  const { dbname, password } = libpqTarget(url);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [`--dbname=${dbname}`, ...args], {
      env: toolEnvironment({ PGPASSWORD: password, PGAPPNAME: `perevod-${tool}` }),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      if (stderr.length > 20_000) stderr = stderr.slice(-20_000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} не найден: установите клиент PostgreSQL (Debian: apt-get install postgresql-client) той же или более новой версии, что и сервер.\n` +
                `${tool} is not installed: install PostgreSQL's client tools (Debian: apt-get install postgresql-client), of the server's major version or newer.`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve(stderr);
      else reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim() || 'no message'}`));
    });
  });
}
