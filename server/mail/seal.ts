/**
 * Queued emails keep their parameters sealed (AES-256-GCM): a sign-in code or link must not be
 * readable in pg-boss's tables, the queue monitoring pages or a database backup. The seal is
 * base64url(iv ‖ tag ‖ ciphertext) of the JSON.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export function seal(key: Buffer, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

export function unseal(key: Buffer, sealed: string): unknown {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8'));
}
