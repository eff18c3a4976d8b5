/**
 * The frame every email shares: a minimal HTML letter and its plain-text twin, signed by the
 * bureau. Templates escape what people typed with `escapeHtml` before it reaches the HTML.
 */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Paragraphs in, a minimal HTML letter out; every value is escaped by the caller. */
export function letter(title: string, paragraphs: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="ru"><head><meta charset="utf-8"><title>',
    escapeHtml(title),
    '</title></head>',
    '<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2933">',
    ...paragraphs.map((p) => `<p>${p}</p>`),
    '<p style="color: #6b7280; font-size: 13px">Бюро переводов</p>',
    '</body></html>',
  ].join('\n');
}

export const textLetter = (paragraphs: string[]) => `${[...paragraphs, '—\nБюро переводов'].join('\n\n')}\n`;
