/**
 * The words of an order's change before work starts (decision 0056): each history entry says what
 * was and what is, «Паспорт, копий: 1 → 2», «Доставка: пункт выдачи → курьер», «Сумма: 3 200 ₽ →
 * 4 100 ₽». The server writes them; the cabinet and the staff card read them as written.
 */
import { formatRubles } from './format';
import { languageList, lineLanguages } from './languages';

export const DELIVERY_WORDS: Record<'OFFICE' | 'PICKUP_POINT' | 'COURIER', string> = {
  OFFICE: 'самовывоз из офиса',
  PICKUP_POINT: 'пункт выдачи',
  COURIER: 'курьер',
};

export interface ChangeLine {
  documentId: number;
  type: string;
  quantity: number;
  /** The line's own languages; none: the order's one. */
  targetLanguages?: readonly string[];
  assurances: readonly { assuranceId: number; type: string }[];
}

export interface ChangeEntry {
  field: 'DOCUMENTS' | 'DELIVERY' | 'URGENCY' | 'AMOUNT';
  oldValue: string | null;
  newValue: string | null;
  /** The entry as the customer and staff read it. */
  text: string;
}

const assuranceWords = (line: ChangeLine) =>
  line.assurances.length ? line.assurances.map((a) => a.type).join(', ') : 'без заверения';

/**
 * What changed in the lines: one entry per document added, removed or changed (copies,
 * assurances, languages — a line without its own languages is in the order's `orderLanguage`).
 */
export function lineChanges(
  before: readonly ChangeLine[],
  after: readonly ChangeLine[],
  orderLanguage = '',
): ChangeEntry[] {
  const entries: ChangeEntry[] = [];
  const entry = (oldValue: string | null, newValue: string | null) =>
    entries.push({
      field: 'DOCUMENTS',
      oldValue,
      newValue,
      text: changeText({ field: 'DOCUMENTS', oldValue, newValue }),
    });
  for (const line of after) {
    const was = before.find((old) => old.documentId === line.documentId);
    if (!was) {
      const value = `${line.type}, копий: ${line.quantity}, ${assuranceWords(line)}`;
      entry(null, value);
      continue;
    }
    if (was.quantity !== line.quantity) {
      entry(`${line.type}, копий: ${was.quantity}`, `${line.type}, копий: ${line.quantity}`);
    }
    const oldWords = assuranceWords({ ...was, assurances: [...was.assurances].sort(byId) });
    const newWords = assuranceWords({ ...line, assurances: [...line.assurances].sort(byId) });
    if (oldWords !== newWords) {
      entry(`${line.type}, заверение: ${oldWords}`, `${line.type}, заверение: ${newWords}`);
    }
    const oldLanguages = languageList(lineLanguages(was.targetLanguages, orderLanguage));
    const newLanguages = languageList(lineLanguages(line.targetLanguages, orderLanguage));
    if (oldLanguages !== newLanguages) {
      entry(`${line.type}, языки: ${oldLanguages}`, `${line.type}, языки: ${newLanguages}`);
    }
  }
  for (const was of before) {
    if (after.some((line) => line.documentId === was.documentId)) continue;
    const value = `${was.type}, копий: ${was.quantity}`;
    entry(value, null);
  }
  return entries;
}

const byId = (a: { assuranceId: number }, b: { assuranceId: number }) => a.assuranceId - b.assuranceId;

export function deliveryChange(before: string, after: string): ChangeEntry[] {
  return before === after
    ? []
    : [{ field: 'DELIVERY', oldValue: before, newValue: after, text: `Доставка: ${before} → ${after}` }];
}

export function urgencyChange(before: boolean, after: boolean): ChangeEntry[] {
  const words = (urgent: boolean) => (urgent ? 'срочно' : 'обычный срок');
  return before === after
    ? []
    : [
        {
          field: 'URGENCY',
          oldValue: words(before),
          newValue: words(after),
          text: `Срочность: ${words(before)} → ${words(after)}`,
        },
      ];
}

const kopecks = (rubles: number) => Math.round(rubles * 100);

export function amountChange(before: number, after: number): ChangeEntry[] {
  return kopecks(before) === kopecks(after)
    ? []
    : [
        {
          field: 'AMOUNT',
          oldValue: before.toFixed(2),
          newValue: after.toFixed(2),
          text: `Сумма: ${formatRubles(before)} → ${formatRubles(after)}`,
        },
      ];
}

/** A stored history entry in words (AMOUNT is kept as money, the others as shown). */
export function changeText(change: {
  field: string;
  oldValue: string | null;
  newValue: string | null;
}): string {
  const value = (text: string | null) => text ?? '—';
  switch (change.field) {
    case 'AMOUNT':
      return `Сумма: ${formatRubles(Number(change.oldValue ?? 0))} → ${formatRubles(Number(change.newValue ?? 0))}`;
    case 'DELIVERY':
      return `Доставка: ${value(change.oldValue)} → ${value(change.newValue)}`;
    case 'URGENCY':
      return `Срочность: ${value(change.oldValue)} → ${value(change.newValue)}`;
    default:
      if (change.oldValue === null) return `Добавлен документ: ${value(change.newValue)}`;
      if (change.newValue === null) return `Убран документ: ${change.oldValue}`;
      return sharedPrefixed(change.oldValue, change.newValue);
  }
}

/** «Паспорт, копий: 1» and «Паспорт, копий: 2» read «Паспорт, копий: 1 → 2». */
function sharedPrefixed(before: string, after: string): string {
  const cut = before.lastIndexOf(': ');
  const prefix = cut >= 0 ? before.slice(0, cut + 2) : '';
  if (prefix && after.startsWith(prefix))
    return `${prefix}${before.slice(prefix.length)} → ${after.slice(prefix.length)}`;
  return `${before} → ${after}`;
}
