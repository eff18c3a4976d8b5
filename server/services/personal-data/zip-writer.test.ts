/** The ZIP writer's archives open in another implementation (fflate) with every byte and name intact. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type ZipEntry, zipChunks } from './zip-writer';

async function zip(entries: ZipEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipChunks(entries)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const at = new Date('2026-11-21T10:15:42Z');

describe('the ZIP writer', () => {
  it('stores buffers and streams, with Cyrillic names and folders, that another reader opens byte for byte', async () => {
    const scan = Buffer.alloc(300_000);
    for (let i = 0; i < scan.length; i++) scan[i] = (i * 7919) % 251;
    const archive = await zip([
      { name: 'profile.json', modifiedAt: at, content: Buffer.from('{"name":"Анна"}') },
      {
        name: 'files/2611-00042/Паспорт Анны.jpg',
        modifiedAt: at,
        content: Readable.from([scan.subarray(0, 1000), scan.subarray(1000)]),
      },
      { name: 'empty.txt', modifiedAt: at, content: new Uint8Array(0) },
      { name: 'files/2611-00042/empty stream.pdf', modifiedAt: at, content: Readable.from([]) },
    ]);
    const opened = unzipSync(new Uint8Array(archive));
    expect(Object.keys(opened)).toEqual([
      'profile.json',
      'files/2611-00042/Паспорт Анны.jpg',
      'empty.txt',
      'files/2611-00042/empty stream.pdf',
    ]);
    expect(Buffer.from(opened['profile.json'] as Uint8Array).toString()).toBe('{"name":"Анна"}');
    expect(Buffer.from(opened['files/2611-00042/Паспорт Анны.jpg'] as Uint8Array).equals(scan)).toBe(true);
    expect(opened['empty.txt']).toHaveLength(0);
    // Stored, not compressed: the archive is the files plus headers.
    expect(archive.length).toBeGreaterThan(scan.length);
    expect(archive.length).toBeLessThan(scan.length + 1000);
  });

  it('passes the integrity test of the system unzip, with the time in Moscow', async (context) => {
    let hasUnzip = true;
    try {
      execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    } catch {
      hasUnzip = false;
    }
    if (!hasUnzip) context.skip();
    const folder = mkdtempSync(join(tmpdir(), 'zip-writer-'));
    try {
      const path = join(folder, 'data.zip');
      writeFileSync(
        path,
        await zip([
          { name: 'README.txt', modifiedAt: at, content: Buffer.from('Ваши данные') },
          { name: 'files/1/scan.pdf', modifiedAt: at, content: Readable.from([Buffer.from('%PDF-1.4')]) },
        ]),
      );
      expect(execFileSync('unzip', ['-t', path]).toString()).toContain('No errors detected');
      // 10:15:42 UTC is 13:15 in Moscow.
      expect(execFileSync('unzip', ['-l', path]).toString()).toMatch(/2026-11-21 13:15\s+README\.txt/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
