/** The languages the bureau translates from and into, in the order the form offers them. */
export const LANGUAGES = [
  { code: 'ru', name: 'Русский' },
  { code: 'en', name: 'Английский' },
  { code: 'de', name: 'Немецкий' },
  { code: 'fr', name: 'Французский' },
  { code: 'es', name: 'Испанский' },
  { code: 'it', name: 'Итальянский' },
  { code: 'pt', name: 'Португальский' },
  { code: 'zh', name: 'Китайский' },
  { code: 'ja', name: 'Японский' },
  { code: 'ko', name: 'Корейский' },
  { code: 'ar', name: 'Арабский' },
  { code: 'tr', name: 'Турецкий' },
  { code: 'he', name: 'Иврит' },
  { code: 'pl', name: 'Польский' },
  { code: 'cs', name: 'Чешский' },
  { code: 'uk', name: 'Украинский' },
  { code: 'be', name: 'Белорусский' },
  { code: 'kk', name: 'Казахский' },
  { code: 'uz', name: 'Узбекский' },
  { code: 'ky', name: 'Киргизский' },
  { code: 'tg', name: 'Таджикский' },
  { code: 'hy', name: 'Армянский' },
  { code: 'az', name: 'Азербайджанский' },
  { code: 'ka', name: 'Грузинский' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export function isLanguageCode(value: string): value is LanguageCode {
  return LANGUAGES.some((l) => l.code === value);
}

export function languageName(code: string): string {
  return LANGUAGES.find((l) => l.code === code)?.name ?? code;
}

/** Languages named in a sentence, lowercase, in their order: «английский, немецкий». */
export function languageList(codes: readonly string[]): string {
  return codes.map((code) => languageName(code).toLowerCase()).join(', ');
}

/**
 * The languages a line is translated into: its own when it names them, else the order's one
 * (orders placed before lines had languages, payloads that name only the order's).
 */
export function lineLanguages(own: readonly string[] | null | undefined, orderLanguage: string): string[] {
  return own && own.length > 0 ? [...own] : [orderLanguage];
}

/**
 * The order's one language for answers that predate several per line: the one most lines are
 * translated into, the first of them on a tie.
 */
export function mainLanguage(lines: readonly { targetLanguages: readonly string[] }[]): string | undefined {
  const counts = new Map<string, number>();
  for (const line of lines)
    for (const code of line.targetLanguages) counts.set(code, (counts.get(code) ?? 0) + 1);
  let best: string | undefined;
  for (const [code, count] of counts) if (best === undefined || count > (counts.get(best) ?? 0)) best = code;
  return best;
}
