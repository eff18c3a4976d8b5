/** Password hashing: argon2id (@node-rs/argon2 ships prebuilt binaries, no install script). */
import { randomInt } from 'node:crypto';
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

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against the stored hash, or — for an unknown login or a user without a password —
 * against a hash of nothing anyone can type, so the answer takes as long either way and its
 * timing does not tell which logins exist.
 */
export async function verifyPasswordOrDummy(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash) return verifyPassword(passwordHash, password);
  dummyHash ??= hashPassword(`\u0000dummy-${randomInt(2 ** 40)}`);
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Alphabets without look-alikes (no l, I, O, 0, 1) and symbols that survive any keyboard and shell. */
export const PASSWORD_ALPHABETS = {
  lower: 'abcdefghijkmnopqrstuvwxyz',
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  digits: '23456789',
  symbols: '!#%+-=?@',
} as const;

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] as string;

/**
 * A random password of `length` (at least 4) that always has a lower-case and an upper-case
 * letter, a digit and a symbol; every character comes from crypto.randomInt, which is uniform.
 */
export function generatePassword(length = 12): string {
  if (!Number.isInteger(length) || length < 4) throw new RangeError('password length must be at least 4');
  const { lower, upper, digits, symbols } = PASSWORD_ALPHABETS;
  const all = lower + upper + digits + symbols;
  const characters = [pick(lower), pick(upper), pick(digits), pick(symbols)];
  while (characters.length < length) characters.push(pick(all));
  // Fisher–Yates, so the guaranteed characters are not always at the front.
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j] as string, characters[i] as string];
  }
  return characters.join('');
}
