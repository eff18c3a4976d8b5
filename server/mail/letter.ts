/**
 * The frame every email shares: a minimal HTML letter and its plain-text twin, signed by the
 * bureau. Templates escape what people typed with `escapeHtml` before it reaches the HTML.
 */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const SIGNATURE_TEXT = '—\nБюро переводов';
const SIGNATURE_HTML = '<p style="color: #6b7280; font-size: 13px">Бюро переводов</p>';

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
    SIGNATURE_HTML,
    '</body></html>',
  ].join('\n');
}

export const textLetter = (paragraphs: string[]) => `${[...paragraphs, SIGNATURE_TEXT].join('\n\n')}\n`;

/**
 * The letter with the order's tracking link as its last paragraph, before the signature: every
 * mail about an order gets it here, whatever its template (server/mail/mail-service.ts).
 */
export function withTrackingLink(email: RenderedEmail, url: string): RenderedEmail {
  return {
    subject: email.subject,
    text: email.text.replace(
      SIGNATURE_TEXT,
      `Следить за заказом без входа в кабинет:\n${url}\n\n${SIGNATURE_TEXT}`,
    ),
    html: email.html.replace(
      SIGNATURE_HTML,
      `<p><a href="${escapeHtml(url)}">Следить за заказом без входа в кабинет</a></p>\n${SIGNATURE_HTML}`,
    ),
  };
}
