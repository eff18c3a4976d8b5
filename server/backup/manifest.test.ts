import { describe, expect, it } from 'vitest';
import { ARCHIVE_FORMAT, type BackupManifest, checkRestorable, compareVersions } from './manifest';

const manifest = (version: string, last: number | null, driver: 'pglite' | 'postgres' = 'pglite') =>
  ({
    format: ARCHIVE_FORMAT,
    app: { name: 'perevod', version },
    database: { driver, migrations: { applied: 2, last } },
  }) as BackupManifest;

const ours = { version: '1.4.0', newestMigration: 2000, driver: 'pglite' as const };

describe('whether this version may restore an archive', () => {
  it('compares versions by number, not as text', () => {
    expect(compareVersions('1.10.0', '1.9.3')).toBeGreaterThan(0);
    expect(compareVersions('0.1.0', '0.1.0')).toBe(0);
    expect(compareVersions('2.0.0-rc.1', '2.0.0')).toBe(0);
    expect(compareVersions('0.9', '0.10.0')).toBeLessThan(0);
  });

  it('takes an older or equal archive: the next start migrates it forward', () => {
    expect(() => checkRestorable(manifest('1.3.2', 1000), ours)).not.toThrow();
    expect(() => checkRestorable(manifest('1.4.0', 2000), ours)).not.toThrow();
  });

  it('refuses a newer app, a newer schema, or the other database', () => {
    expect(() => checkRestorable(manifest('1.5.0', 1000), ours)).toThrow(/newer version of the app/);
    expect(() => checkRestorable(manifest('1.4.0', 2001), ours)).toThrow(
      /migrations this version does not know/,
    );
    expect(() => checkRestorable(manifest('1.4.0', 1000, 'postgres'), ours)).toThrow(/not supported/);
    expect(() => checkRestorable({ ...manifest('1.4.0', 1000), format: 2 } as never, ours)).toThrow(
      /unknown format/,
    );
  });
});
