import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'perevod-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the data folder lock', () => {
  it('is held by one owner at a time and freed on release', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    lockDataDir(dir).release();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'server.lock'), '2147483646');
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('says in Russian and English who holds it', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'server.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(
      /уже используется.*\n.*already used by another server process \(pid \d+\)/,
    );
  });
});
