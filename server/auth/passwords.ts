/** Password hashing: argon2id (@node-rs/argon2 ships prebuilt binaries, no install script). */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2 defaults to argon2id with OWASP's parameters (19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // A malformed stored hash is a failed sign-in, not a server error.
  }
}

/** A random password people can type: letters and digits in groups, e.g. q7Rx-m2KL-p9vT. */
export function generatePassword(length = 12): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length * 2);
  let result = '';
  for (const byte of bytes) {
    // Rejection sampling keeps every character equally likely.
    if (byte >= 256 - (256 % alphabet.length)) continue;
    result += alphabet[byte % alphabet.length];
    if (result.length === length) break;
  }
  return result.length === length ? result : generatePassword(length);
}
