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
