/**
 * Without SMTP_URL every email is a file in DATA_DIR/outbox — how a developer, a test and a demo
 * read their codes: `<ISO time>-<recipient>-<template>.eml`. The file is written under a hidden
 * temporary name and then linked into place, so a reader never sees half a message and two
 * messages never overwrite each other.
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Keeps names portable: letters, digits and the characters an address is made of. */
const safe = (value: string) => value.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 120);

export async function writeToOutbox(
  dir: string,
  message: Buffer,
  recipient: string,
  template: string,
  now = new Date(),
): Promise<string> {
  const base = `${now.toISOString()}-${safe(recipient)}-${safe(template)}`;
  const temporary = join(dir, `.${randomUUID()}.tmp`);
  // Sign-in codes are in there: readable by the server's user only. The folder is made by the
  // first mail (and again should someone remove it), not checked before every one.
  const write = () => writeFile(temporary, message, { mode: 0o600 });
  await write().catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await write();
  });
  try {
    for (let n = 1; ; n++) {
      const path = join(dir, n === 1 ? `${base}.eml` : `${base}-${n}.eml`);
      try {
        await link(temporary, path);
        return path;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 100) throw error;
      }
    }
  } finally {
    // The temporary name only (rm's force would also stat it first, for every mail).
    await unlink(temporary).catch(() => {});
  }
}
