/**
 * Reads a PDF back the way a person would see it, with poppler-utils (Debian package, installed
 * by .ci/run): its text (pdftotext) and the fonts it embeds (pdffonts). Text alone is not proof
 * of Cyrillic that renders — pdftotext extracts characters even when the font has no glyph for
 * them — so tests also check that only the DejaVu fonts are used.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function withPdfFile<T>(bytes: Uint8Array, read: (path: string) => T): T {
  const folder = mkdtempSync(join(tmpdir(), 'perevod-pdf-'));
  try {
    const path = join(folder, 'document.pdf');
    writeFileSync(path, bytes);
    return read(path);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function run(tool: string, args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8' });
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') {
      throw new Error(`${tool} is missing: install poppler-utils (apt-get install -y poppler-utils)`);
    }
    throw error;
  }
}

/** The text of every page as one line: lines wrapped inside a table cell read as one phrase. */
export function pdfText(bytes: Uint8Array): string {
  return withPdfFile(bytes, (path) => run('pdftotext', ['-enc', 'UTF-8', path, '-']))
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ');
}

/** The base names of the fonts the PDF uses, without the subset prefix (ABCDEF+DejaVuSans). */
export function pdfFonts(bytes: Uint8Array): string[] {
  const listing = withPdfFile(bytes, (path) => run('pdffonts', [path]));
  return listing
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean)
    .map((name) => name.replace(/^[A-Z]{6}\+/, ''));
}
