/**
 * The letter's MIME text: what a mail client decodes is what the template rendered, whatever the
 * text holds (Cyrillic, long lines, «=», trailing spaces, a typed line break in a subject), and
 * every line stays within the lengths the RFCs set.
 */
import { describe, expect, it } from 'vitest';
import { parseEmail } from '../test-support/outbox';
import { composeLetter, quotedPrintable } from './mime';
import { renderEmail } from './templates';

const LONG_SUBJECT = 'Заказ № 2026-000123 принят: 4 500 ₽ — ждём оплату по ссылке до 30 ноября 2026 г. 😊';
const TEXT = [
  'Здравствуйте, Анна-Мария Константинопольская!',
  `Ссылка: https://perevod.example.ru/cabinet/orders/123?hash=abc_DEF-123&email=a%40b.ru&x=${'y'.repeat(90)}`,
  'Строка с пробелом в конце ',
  'Табуляция\tв середине и в конце\t',
  '',
  `${'Очень длинная строка без единого перевода, '.repeat(6)}конец.`,
  '',
].join('\n');
const HTML = `<p>Заказ <b>№ 2026-000123</b></p>\n<p>${'Длинный абзац. '.repeat(40)}</p>`;

describe('a composed letter', () => {
  for (const newline of ['\n', '\r\n']) {
    const label = newline === '\n' ? 'plain newlines (the outbox)' : 'CRLF (SMTP)';

    it(`decodes to the rendered subject, text and HTML, with ${label}`, () => {
      const letter = composeLetter(
        {
          from: 'Бюро переводов <no-reply@perevod.local>',
          to: 'anna@example.ru',
          subject: LONG_SUBJECT,
          text: TEXT,
          html: HTML,
        },
        newline,
      );
      if (!letter) throw new Error('not composed');
      const email = parseEmail(letter.message.toString('utf8'));
      expect(email.subject).toBe(LONG_SUBJECT);
      expect(email.to).toBe('anna@example.ru');
      expect(email.text).toBe(TEXT);
      expect(email.html).toBe(HTML);
      expect(letter.envelope).toEqual({ from: 'no-reply@perevod.local', to: ['anna@example.ru'] });
    });

    it(`keeps every line ASCII and within 76 characters, with ${label}`, () => {
      const letter = composeLetter(
        {
          from: 'Бюро переводов «Слово и дело» <no-reply@perevod.local>',
          to: 'anna@example.ru',
          subject: LONG_SUBJECT,
          text: TEXT,
          html: HTML,
        },
        newline,
      );
      const raw = letter?.message.toString('latin1') ?? '';
      expect(raw).toMatch(/^[\t\n\r -~]*$/);
      const lines = raw.split(newline);
      expect(lines.every((line) => !line.includes('\n') && !line.includes('\r'))).toBe(true);
      expect(lines.filter((line) => line.length > 76)).toEqual([]);
      expect(raw.startsWith('From: =?UTF-8?B?')).toBe(true);
      expect(parseEmail(raw).subject).toBe(LONG_SUBJECT);
    });
  }

  it('cannot be given an extra header through a line break in the subject', () => {
    const letter = composeLetter(
      {
        from: 'no-reply@perevod.local',
        to: 'anna@example.ru',
        subject: 'Заказ\r\nBcc: victim@example.ru',
        text: 'x',
        html: 'x',
      },
      '\n',
    );
    const raw = letter?.message.toString('utf8') ?? '';
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(raw).toMatch(/^From: no-reply@perevod\.local$/m);
  });

  it('leaves an address that is not plain ASCII to nodemailer (null)', () => {
    const parts = { to: 'anna@example.ru', subject: 's', text: 't', html: 'h' };
    expect(composeLetter({ ...parts, from: 'Бюро <no-reply@бюро.рф>' }, '\n')).toBeNull();
    expect(
      composeLetter({ ...parts, from: 'no-reply@perevod.local', to: 'анна@example.ru' }, '\n'),
    ).toBeNull();
    expect(
      composeLetter({ ...parts, from: 'no-reply@perevod.local', to: 'a@b.ru\r\nBcc: c@d.ru' }, '\n'),
    ).toBeNull();
  });

  it('carries a sign-in code readable in the raw file', () => {
    const rendered = renderEmail('sign-in-code', {
      code: '024680',
      link: 'https://x.ru/?hash=abc&email=a%40b.ru',
    });
    const raw = composeLetter(
      { from: 'no-reply@perevod.local', to: 'a@b.ru', ...rendered },
      '\n',
    )?.message.toString();
    expect(raw).toContain('024680');
  });
});

describe('quoted-printable', () => {
  it('encodes «=», non-ASCII and a trailing space, and breaks long lines softly', () => {
    expect(quotedPrintable('a=b ', '\n')).toBe('a=3Db=20');
    expect(quotedPrintable('Я', '\n')).toBe('=D0=AF');
    const long = quotedPrintable('Я'.repeat(40), '\n').split('\n');
    expect(long.length).toBeGreaterThan(1);
    // A soft break never splits an =XX.
    expect(long.every((line) => line.length <= 76 && /^(=[0-9A-F]{2})*=?$/.test(line))).toBe(true);
  });
});
