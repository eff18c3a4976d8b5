import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { archiveName, parseArchiveName } from './archive-name';
import { archivesToPrune, isoWeekOf, pruneArchives } from './retention';

const day = (n: number, hour = 0) => new Date(Date.UTC(2026, 10, 1 + n, hour, 30));
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('archive names', () => {
  it('carry the UTC time, the app version and a kind other than scheduled', () => {
    const at = new Date('2026-11-24T00:30:05.123Z');
    expect(archiveName(at, '0.1.0', 'scheduled')).toBe('perevod-20261124T003005Z-v0.1.0.tar.gz');
    expect(archiveName(at, '1.2.0-rc.1', 'manual')).toBe(
      'perevod-20261124T003005Z-v1.2.0-rc.1-manual.tar.gz',
    );
    expect(parseArchiveName('perevod-20261124T003005Z-v1.2.0-rc.1-manual.tar.gz')).toEqual({
      name: 'perevod-20261124T003005Z-v1.2.0-rc.1-manual.tar.gz',
      at: new Date('2026-11-24T00:30:05Z'),
      version: '1.2.0-rc.1',
      kind: 'manual',
    });
    expect(parseArchiveName('notes.txt')).toBeUndefined();
    expect(parseArchiveName('perevod-20261124T003005Z-v0.1.0.tar.gz.sha256')).toBeUndefined();
  });
});

describe('the retention of scheduled archives', () => {
  it('keeps the newest of each of the last 7 days and of the last 4 ISO weeks', () => {
    // Five weeks of nightly archives, 2026-11-02 (a Monday) to 2026-12-06.
    const nightly = Array.from({ length: 35 }, (_, n) => archiveName(day(n + 1), '0.1.0', 'scheduled'));
    const pruned = new Set(archivesToPrune(nightly, { keepDaily: 7, keepWeekly: 4 }));
    const kept = nightly.filter((name) => !pruned.has(name)).map((name) => parseArchiveName(name)?.at);
    const keptDays = kept.map((at) => at?.toISOString().slice(0, 10));
    expect(keptDays).toEqual([
      '2026-11-15', // Sunday of week 46
      '2026-11-22', // Sunday of week 47
      '2026-11-29', // Sunday of week 48 (week 49 is within the last 7 days)
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
  });

  it('keeps only the newest archive of a day and never prunes manual or before-restore ones', () => {
    const names = [
      archiveName(day(1, 0), '0.1.0', 'scheduled'),
      archiveName(day(1, 12), '0.1.0', 'scheduled'),
      archiveName(day(0), '0.1.0', 'manual'),
      archiveName(day(0), '0.1.0', 'before-restore'),
      'perevod-notes.txt',
    ];
    expect(archivesToPrune(names, { keepDaily: 7, keepWeekly: 0 })).toEqual([names[0]]);
  });

  it('counts ISO weeks from Monday, the first holding the year’s first Thursday', () => {
    expect(isoWeekOf(new Date('2026-01-01T12:00:00Z'))).toBe('2026-W01');
    expect(isoWeekOf(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    expect(isoWeekOf(new Date('2026-11-30T00:00:00Z'))).toBe('2026-W49');
    expect(isoWeekOf(new Date('2026-11-29T23:59:59Z'))).toBe('2026-W48');
  });

  it('removes pruned archives with their checksums and leaves other files alone', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'perevod-retention-'));
    folders.push(folder);
    const names = Array.from({ length: 3 }, (_, n) => archiveName(day(n), '0.1.0', 'scheduled'));
    for (const name of [...names, 'readme.txt']) writeFileSync(join(folder, name), 'x');
    for (const name of names) writeFileSync(join(folder, `${name}.sha256`), 'x');
    expect(await pruneArchives(folder, { keepDaily: 1, keepWeekly: 0 })).toEqual([names[1], names[0]]);
    expect(readdirSync(folder).sort()).toEqual([names[2], `${names[2]}.sha256`, 'readme.txt'].sort());
  });
});
