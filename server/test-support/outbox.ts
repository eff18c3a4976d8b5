/**
 * Reading the emails the server wrote to DATA_DIR/outbox (no SMTP_URL), for tests and the e2e
 * suite: the .eml is decoded (quoted-printable or base64 parts, encoded-word headers) into its
 * subject and text, and waitForEmail polls until the queue's worker has delivered one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxEmail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeHeader(value: string): string {
  return value
    .replace(/\r?\n\s+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function header(head: string, name: string): string {
  const match = new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match ? decodeHeader((match[1] as string).trim()) : '';
}

function decodePart(part: string): { type: string; body: string } {
  const split = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, split);
  const body = part.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = header(head, 'Content-Transfer-Encoding').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body, 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, 'utf8');
  return { type: header(head, 'Content-Type').split(';')[0]?.trim() ?? '', body: bytes.toString('utf8') };
}

export function readEmail(file: string): OutboxEmail {
  return parseEmail(readFileSync(file, 'utf8'), file);
}

/**
 * A message's MIME text (an .eml's, or what an SMTP server received) decoded, with its line
 * breaks as plain newlines (as a mail client shows them, whatever the wire carried).
 */
export function parseEmail(message: string, file = ''): OutboxEmail {
  const raw = message.replace(/\r\n/g, '\n');
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(header(head, 'Content-Type'))?.[1];
  const parts = boundary
    ? raw
        // The newline before a delimiter belongs to the delimiter (RFC 2046 §5.1.1), not to the part.
        .split(`\n--${boundary}`)
        .slice(1, -1)
        .map((part) => decodePart(part.replace(/^\r?\n/, '')))
    : [decodePart(raw)];
  return {
    file,
    to: header(head, 'To'),
    subject: header(head, 'Subject'),
    text: parts.find((p) => p.type === 'text/plain')?.body ?? '',
    html: parts.find((p) => p.type === 'text/html')?.body ?? '',
  };
}

/** The outbox's .eml files, oldest first (names start with the ISO time). */
export function listOutbox(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, 'outbox'))
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map((name) => join(dataDir, 'outbox', name));
  } catch {
    return [];
  }
}

/** The newest email to `to` of `template` that is not in `seen`, waiting up to timeoutMs for it. */
export async function waitForEmail(
  dataDir: string,
  match: { to: string; template: string; seen?: readonly string[] },
  timeoutMs = 5000,
): Promise<OutboxEmail> {
  const deadline = Date.now() + timeoutMs;
  const suffix = `-${match.to}-${match.template}`;
  for (;;) {
    const file = listOutbox(dataDir)
      .filter((path) => path.replace(/(-\d+)?\.eml$/, '').endsWith(suffix) && !match.seen?.includes(path))
      .at(-1);
    if (file) return readEmail(file);
    if (Date.now() > deadline)
      throw new Error(`no ${match.template} email to ${match.to} in ${dataDir}/outbox`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The six-digit code and the sign-in link of a sign-in-code email. */
export function signInCodeOf(email: OutboxEmail): { code: string; link: string; hash: string } {
  const code = /: (\d{6})\n/.exec(email.text)?.[1];
  const link = /(https?:\/\/\S+[?&]hash=\S+)/.exec(email.text)?.[1];
  if (!code || !link) throw new Error(`not a sign-in code email:\n${email.text}`);
  return { code, link, hash: new URL(link).searchParams.get('hash') as string };
}
