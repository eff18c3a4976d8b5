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
    // Each starter loads the code, says so, and is then told the moment to try at (all spin until
    // that same moment, so they really race). The winner holds the lock until every starter has
    // answered (stdin closed): a slow starter on a busy machine still meets a live lock, never a
    // winner that already left.
    const script = `
      const { lockDataDir } = await import(${JSON.stringify(join(ROOT, 'server/db/lock.ts'))});
      process.stdin.setEncoding('utf8');
      process.stdin.once('data', (at) => {
        while (Date.now() < Number(at)) {}
        try { lockDataDir(${JSON.stringify(dir)}); console.log('won'); }
        catch (error) { console.log(error.name); }
      });
      process.stdin.on('end', () => process.exit(0));
      console.log('ready');`;
    const starters = Array.from({ length: 6 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: ROOT,
      });
      let output = '';
      let errors = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        errors += chunk;
      });
      const lines = (count: number) =>
        new Promise<string[]>((resolve, reject) => {
          const check = () => {
            const got = output.split('\n').filter(Boolean);
            if (got.length >= count) resolve(got);
          };
          child.stdout.on('data', check);
          child.on('exit', () => reject(new Error(`a starter exited early: ${output}${errors}`)));
          check();
        });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      return { child, lines, exited };
    });
    await Promise.all(starters.map((starter) => starter.lines(1)));
    const at = Date.now() + 300;
    for (const { child } of starters) child.stdin.write(`${at}\n`);
    const results = (await Promise.all(starters.map((starter) => starter.lines(2)))).map((got) => got[1]);
    for (const { child } of starters) child.stdin.end();
    await Promise.all(starters.map((starter) => starter.exited));
    expect(
      results.filter((result) => result === 'won'),
      results.join(', '),
    ).toHaveLength(1);
    expect(results.filter((result) => result === 'DataDirLockedError')).toHaveLength(5);
    // No takeover marker or temporary file is left behind, only the winner's lock.
    expect(readdirSync(dir)).toEqual(['server.lock']);
  });
});
