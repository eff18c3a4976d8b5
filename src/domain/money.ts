/**
 * Money as people type it in the back office («2 140,50», «2140.5», «2140 ₽») and as the
 * contract keeps it (rubles with at most two decimals, 0 to 100 000 000). Shared by the forms,
 * which say what is wrong in Russian, and the server, which reads a document's string price.
 */
export const MAX_MONEY = 100_000_000;

/** «2 140,50», «2140.5», «2140» → 2140.5; null when it is not an amount of rubles and kopecks. */
export function parseRubles(text: string): number | null {
  const compact = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/₽$|руб\.?$/i, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return null;
  return Number(compact);
}

/** How a money field is named in its messages: «Введите сумму заказа», «Сумма заказа не …». */
export interface MoneyName {
  accusative: string;
  nominative: string;
}

/** The Russian message for a money field, or null when it is right. */
export function moneyProblem(text: string, name: MoneyName): string | null {
  if (text.trim() === '') return `Введите ${name.accusative}`;
  const value = parseRubles(text);
  if (value === null) {
    return text.trim().startsWith('-')
      ? `${name.nominative} не может быть меньше нуля`
      : `Введите ${name.accusative} числом, например 2 140 или 2 140,50`;
  }
  if (value > MAX_MONEY) return `${name.nominative} — не больше 100 000 000 ₽`;
  return null;
}

/** Rubles as a form shows them for editing: «2140,5» → «2140,50», whole rubles without kopecks. */
export function rublesForInput(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace('.', ',');
}
