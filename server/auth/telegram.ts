/**
 * The Telegram Login Widget's signature (https://core.telegram.org/widgets/login#checking-authorization):
 * the data-check string is "key=value" of the widget's own fields, sorted by key and joined by
 * a line feed; its HMAC-SHA256 keyed with SHA-256(bot token) must equal the hash, and auth_date
 * must be recent. The contract's camelCase names are mapped back to the widget's.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface TelegramLogin {
  telegramId: string | number;
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  photoUrl?: string | null;
  authDate: number;
  hash: string;
}

/** How old a widget login may be (Telegram's own examples use a day). */
export const TELEGRAM_MAX_AGE_SECONDS = 24 * 60 * 60;
/** Clock difference tolerated for an auth_date slightly ahead of ours. */
export const TELEGRAM_CLOCK_SKEW_SECONDS = 60;

const WIDGET_FIELDS: [keyof TelegramLogin, string][] = [
  ['authDate', 'auth_date'],
  ['firstName', 'first_name'],
  ['telegramId', 'id'],
  ['lastName', 'last_name'],
  ['photoUrl', 'photo_url'],
  ['username', 'username'],
];

export function telegramDataCheckString(login: TelegramLogin): string {
  return WIDGET_FIELDS.filter(([field]) => login[field] !== undefined && login[field] !== null)
    .map(([field, name]) => `${name}=${login[field]}`)
    .sort()
    .join('\n');
}

export function signTelegramLogin(botToken: string, login: Omit<TelegramLogin, 'hash'>): string {
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret)
    .update(telegramDataCheckString({ ...login, hash: '' }))
    .digest('hex');
}

export function isValidTelegramLogin(botToken: string, login: TelegramLogin, now = Date.now()): boolean {
  const nowSeconds = Math.floor(now / 1000);
  if (login.authDate > nowSeconds + TELEGRAM_CLOCK_SKEW_SECONDS) return false;
  if (nowSeconds - login.authDate > TELEGRAM_MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(signTelegramLogin(botToken, login), 'hex');
  const given = Buffer.from(login.hash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
