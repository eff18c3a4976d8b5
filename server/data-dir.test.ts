import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirNotPrivateError, ensurePrivateDataDir } from './data-dir';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the private data folder', () => {
  it('creates DATA_DIR 0700 when it does not exist', () => {
    const root = mkdtempSync(join(tmpdir(), 'perevod-data-'));
    roots.push(root);
    const dataDir = join(root, 'nested', 'data');
    ensurePrivateDataDir(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('closes what PGlite and older versions left readable by everyone: folders 0700, files 0600', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'perevod-data-'));
    roots.push(dataDir);
    chmodSync(dataDir, 0o755);
    mkdirSync(join(dataDir, 'pglite', 'base', '1'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dataDir, 'pglite', 'base', '1', '1259'), 'page', { mode: 0o666 });
    mkdirSync(join(dataDir, 'uploads'), { mode: 0o777 });
    writeFileSync(join(dataDir, 'uploads', 'passport.pdf'), '%PDF', { mode: 0o644 });
    writeFileSync(join(dataDir, 'secrets.json'), '{}', { mode: 0o644 });
    const outside = mkdtempSync(join(tmpdir(), 'perevod-outside-'));
    roots.push(outside);
    chmodSync(outside, 0o755);
    symlinkSync(outside, join(dataDir, 'link'));

    ensurePrivateDataDir(dataDir);

    for (const folder of ['', 'pglite', 'pglite/base', 'pglite/base/1', 'uploads']) {
      expect(modeOf(join(dataDir, folder)), folder).toBe(0o700);
    }
    for (const file of ['pglite/base/1/1259', 'uploads/passport.pdf', 'secrets.json']) {
      expect(modeOf(join(dataDir, file)), file).toBe(0o600);
    }
    // A link is not followed: what it points to outside DATA_DIR is not ours to change.
    expect(modeOf(outside)).toBe(0o755);
  });

  it.runIf(process.getuid?.() === 0)(
    'refuses a folder owned by another user, with a message for people',
    () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'perevod-data-'));
      roots.push(dataDir);
      writeFileSync(join(dataDir, 'secrets.json'), '{}');
      // As root we can hand a file to another user; the server running as root must then refuse.
      chownSync(join(dataDir, 'secrets.json'), 65534, 65534);
      expect(() => ensurePrivateDataDir(dataDir)).toThrow(DataDirNotPrivateError);
      expect(() => ensurePrivateDataDir(dataDir)).toThrow(
        /принадлежит другому пользователю.*\n.*cannot be made private/,
      );
    },
  );

  it('refuses a DATA_DIR that is a file', () => {
    const root = mkdtempSync(join(tmpdir(), 'perevod-data-'));
    roots.push(root);
    writeFileSync(join(root, 'data'), '');
    expect(() => ensurePrivateDataDir(join(root, 'data'))).toThrow(DataDirNotPrivateError);
  });
});
