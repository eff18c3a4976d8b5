import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractArchive, verifyArchiveChecksum, writeArchive } from './archive';
import type { ManifestWithoutEntries } from './archive-writer';
import { BackupError } from './errors';
import { ARCHIVE_FORMAT } from './manifest';

const folder = mkdtempSync(join(tmpdir(), 'perevod-archive-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const manifestOf: ManifestWithoutEntries = {
  format: ARCHIVE_FORMAT,
  app: { name: 'perevod', version: '0.1.0' },
  kind: 'manual',
  createdAt: new Date().toISOString(),
  database: {
    driver: 'pglite',
    entry: 'database/pglite',
    postgresVersion: '18',
    migrations: { applied: 2, last: 1 },
  },
  counts: { orders: 0, orderLines: 0, users: 0, files: 1 },
  files: { stored: 1, bytes: 3, missing: [] },
  secrets: false,
};

/** An upload larger than a stream chunk and not a whole number of tar blocks. */
const upload = Buffer.alloc(1_100_001, 7);

async function makeArchive(name: string) {
  const source = join(folder, `${name}-upload`);
  writeFileSync(source, upload);
  // A data folder with an empty folder in it, as PostgreSQL's has.
  const database = join(folder, `${name}-database`);
  mkdirSync(join(database, 'pg_tblspc'), { recursive: true });
  writeFileSync(join(database, 'PG_VERSION'), '18\n');
  return writeArchive(
    join(folder, 'out', name),
    [
      { name: 'database/pglite', tree: database },
      { name: 'files/2026-11/0b7c0a4e-6a57-4f3c-9d2a-2f1f2e0d9c11', path: source, size: upload.length },
      { name: 'secrets.json', bytes: Buffer.from('{"jwtSecret":"x"}') },
    ],
    manifestOf,
  );
}

describe('a backup archive', () => {
  it('is a tar.gz any tar reads, with a .sha256 that sha256sum -c accepts', async () => {
    const archive = await makeArchive('one.tar.gz');
    const listing = execFileSync('tar', ['tzf', archive.path], { encoding: 'utf8' }).trim().split('\n');
    expect(listing).toEqual([
      'database/pglite/',
      'database/pglite/PG_VERSION',
      'database/pglite/pg_tblspc/',
      'files/2026-11/0b7c0a4e-6a57-4f3c-9d2a-2f1f2e0d9c11',
      'secrets.json',
      'manifest.json',
    ]);
    const checked = execFileSync('sha256sum', ['-c', `${archive.path}.sha256`], {
      cwd: join(folder, 'out'),
      encoding: 'utf8',
    });
    expect(checked).toContain('one.tar.gz: OK');
    expect(await verifyArchiveChecksum(archive.path)).toBe(archive.sha256);
  });

  it('unpacks to the same bytes, each checked against the manifest', async () => {
    const archive = await makeArchive('two.tar.gz');
    const into = join(folder, 'two');
    mkdirSync(into);
    const manifest = await extractArchive(archive.path, into);
    expect(manifest.entries.map((entry) => entry.name)).toEqual([
      'database/pglite/PG_VERSION',
      'files/2026-11/0b7c0a4e-6a57-4f3c-9d2a-2f1f2e0d9c11',
      'secrets.json',
    ]);
    // equals(), not toEqual: a deep comparison of a megabyte takes vitest seconds.
    expect(
      readFileSync(join(into, 'files/2026-11/0b7c0a4e-6a57-4f3c-9d2a-2f1f2e0d9c11')).equals(upload),
    ).toBe(true);
    expect(readFileSync(join(into, 'database/pglite/PG_VERSION'), 'utf8')).toBe('18\n');
    expect(statSync(join(into, 'database/pglite/pg_tblspc')).isDirectory()).toBe(true);
  });

  it('is refused when a byte changed, when its .sha256 is missing, or when an entry differs from the manifest', async () => {
    const archive = await makeArchive('three.tar.gz');
    const bytes = readFileSync(archive.path);
    const middle = bytes.length >> 1;
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    writeFileSync(archive.path, bytes);
    await expect(verifyArchiveChecksum(archive.path)).rejects.toThrow(/checksum does not match/);

    rmSync(`${archive.path}.sha256`);
    await expect(verifyArchiveChecksum(archive.path)).rejects.toThrow(/checksum file .* is missing/);

    // An archive whose manifest lies about an entry, as another tar would make it.
    const lyingFolder = join(folder, 'lying');
    mkdirSync(join(lyingFolder, 'files', '2026-11'), { recursive: true });
    writeFileSync(join(lyingFolder, 'files', '2026-11', 'scan'), upload);
    const entries = [{ name: 'files/2026-11/scan', size: upload.length, sha256: '0'.repeat(64) }];
    writeFileSync(join(lyingFolder, 'manifest.json'), JSON.stringify({ ...manifestOf, entries }));
    const lying = { path: join(folder, 'four.tar.gz') };
    execFileSync('tar', [
      '--format=ustar',
      '-C',
      lyingFolder,
      '-czf',
      lying.path,
      'files/2026-11/scan',
      'manifest.json',
    ]);
    const into = join(folder, 'four');
    mkdirSync(into);
    await expect(extractArchive(lying.path, into)).rejects.toThrow(BackupError);

    // Any other file, even with a matching .sha256 beside it, is refused with words, not a stack.
    const other = join(folder, 'notes.tar.gz');
    writeFileSync(other, 'not a backup\n');
    await expect(extractArchive(other, into)).rejects.toThrow(/Not a backup archive of this app/);
  });
});
