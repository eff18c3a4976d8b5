/**
 * Staff logins people can tell apart. A login is what someone types to sign in and what the back
 * office shows beside every change they make, so one that looks like another's («admin@perevod.local»
 * with a zero-width space, or with a Cyrillic «а») lets an impostor pass for them. A login is kept in
 * Unicode's NFKC form, may hold no invisible or control characters, may not mix Latin with
 * Cyrillic or Greek letters, and may not look like another account's login or email once the
 * letters that look alike are read as one (`loginSkeleton`; the server compares skeletons).
 */

export const MIN_LOGIN = 3;

/** The login as stored and compared: NFKC (full-width «ａ» is «a»), without surrounding spaces. */
export const normalizeLogin = (raw: string): string => raw.normalize('NFKC').trim();

// Format and control characters (zero-width space and joiners, BOM, soft hyphen, bidi controls),
// line separators, and the blank letters that render as nothing (Hangul fillers, Braille blank).
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]/u;

const SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

/** What is wrong with a login, in Russian; null when it may be given. */
export function loginProblem(raw: string): string | null {
  if (INVISIBLE.test(raw)) return 'Логин не может содержать невидимые или служебные символы';
  const login = normalizeLogin(raw);
  if (!login) return 'Введите логин';
  if (login.length < MIN_LOGIN) return `Логин — не короче ${MIN_LOGIN} символов`;
  if (/\s/.test(login)) return 'Логин не может содержать пробелы';
  const scripts = SCRIPTS.filter((script) => script.test(login)).length;
  if (scripts > 1) {
    return 'Логин смешивает буквы разных алфавитов (латиницу и кириллицу): наберите его в одной раскладке';
  }
  return null;
}

/**
 * Cyrillic and Greek letters read as the Latin ones they look like, in lower case (logins are
 * compared ignoring case, so capitals that look alike count too: «М», «Н», «Т», «В», «К»).
 * Kept as two strings of equal length so SQL's translate() applies the same map.
 */
export const CONFUSABLE_FROM = 'асеорхуіјѕԁһԛԝӏкмнтвαορνιτκχυεβ';
export const CONFUSABLE_TO = 'aceopxyijsdhqwlkmhtbaopvitkxueb';

const CONFUSABLES = new Map([...CONFUSABLE_FROM].map((char, i) => [char, CONFUSABLE_TO[i] as string]));

/** What a login looks like: two logins with one skeleton are the same to a reader. */
export function loginSkeleton(login: string): string {
  return [...normalizeLogin(login).toLowerCase()].map((char) => CONFUSABLES.get(char) ?? char).join('');
}
