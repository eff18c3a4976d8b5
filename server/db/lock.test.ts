import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, parseOwner, processStartTime } from './lock';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'perevod-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const ownerIn = (path: string) => parseOwner(readFileSync(path, 'utf8'));
const writeLock = (dir: string, text: string) => writeFileSync(join(dir, 'server.lock'), text);

describe('the data folder lock', () => {
  it('is held by one owner at a time, names its pid and start time, and is freed on release', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(ownerIn(lock.path)).toMatchObject({ pid: process.pid, start: processStartTime(process.pid) });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    lockDataDir(dir).release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = freshDir();
    writeLock(dir, JSON.stringify({ pid: 2147483646, start: '1' }));
    const lock = lockDataDir(dir);
    expect(ownerIn(lock.path)?.pid).toBe(process.pid);
    lock.release();
  });

  it('starts after kill -9 and a restart that got the same pid: same pid, other start time, is stale', () => {
    const dir = freshDir();
    writeLock(dir, JSON.stringify({ pid: process.pid, start: '12', nonce: 'before-the-restart' }));
    const lock = lockDataDir(dir);
    expect(ownerIn(lock.path)).toMatchObject({ pid: process.pid, start: processStartTime(process.pid) });
    lock.release();
    // The same for a lock an older version wrote with the pid alone.
    writeLock(dir, String(process.pid));
    lockDataDir(dir).release();
  });

  it('says in Russian and English who holds it when the owner is alive', () => {
    const dir = freshDir();
    writeLock(dir, JSON.stringify({ pid: process.ppid, start: processStartTime(process.ppid) }));
    expect(() => lockDataDir(dir)).toThrow(
      /уже используется.*\n.*already used by another server process \(pid \d+\)/,
    );
  });

  it('treats a live pid with another start time as a reused pid, hence stale', () => {
    const dir = freshDir();
    writeLock(dir, JSON.stringify({ pid: process.ppid, start: '3' }));
    lockDataDir(dir).release();
  });

  it('lets exactly one of many starters racing for one stale lock win', async () => {
    const dir = freshDir();
    writeLock(dir, JSON.stringify({ pid: 2147483646, start: '1' }));
    const startAt = Date.now() + 4_000;
    // Each starter waits for the same moment, tries once, and holds what it got for a while.
    const script = `
      const { lockDataDir } = await import(${JSON.stringify(join(ROOT, 'server/db/lock.ts'))});
      while (Date.now() < ${startAt}) {}
      try { lockDataDir(${JSON.stringify(dir)}); console.log('won'); }
      catch (error) { console.log(error.name); }
      setTimeout(() => {}, 1500);`;
    const results = await Promise.all(
      Array.from(
        { length: 6 },
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
              cwd: ROOT,
            });
            let output = '';
            child.stdout.on('data', (chunk) => {
              output += chunk;
            });
            child.stderr.on('data', (chunk) => {
              output += chunk;
            });
            child.on('exit', () => resolve(output.trim()));
          }),
      ),
    );
    expect(
      results.filter((result) => result === 'won'),
      results.join(', '),
    ).toHaveLength(1);
    expect(results.filter((result) => result === 'DataDirLockedError')).toHaveLength(5);
    // No takeover marker or temporary file is left behind, only the winner's lock.
    expect(readdirSync(dir)).toEqual(['server.lock']);
  }, 30_000);
});
