/**
 * The file uploader's rules (docs/uploads.md): 100 MB by default, the accepted
 * extensions, single or multiple mode, and the three messages. Files that break a rule are
 * skipped with their message; the others are kept — appended in multiple mode, only the first
 * valid one in single mode.
 */

export const DEFAULT_MAX_SIZE_MB = 100;
export const DEFAULT_ACCEPT = ['.jpg', '.jpeg', '.png', '.pdf', '.doc', '.docx', '.xls', '.xlsx'] as const;
export const ONLY_ONE_FILE = 'Разрешено загрузить только один файл';

export interface UploaderRules {
  multiple: boolean;
  maxSizeMb?: number;
  accept?: readonly string[];
}

export interface Chosen<F> {
  accepted: F[];
  messages: string[];
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

export function chooseFiles<F extends { name: string; size: number }>(
  alreadyChosen: number,
  picked: readonly F[],
  rules: UploaderRules,
): Chosen<F> {
  const maxSizeMb = rules.maxSizeMb && rules.maxSizeMb > 0 ? rules.maxSizeMb : DEFAULT_MAX_SIZE_MB;
  const accept = (rules.accept ?? DEFAULT_ACCEPT).map((ext) => ext.toLowerCase());
  const messages: string[] = [];
  if (!rules.multiple && picked.length > 1) messages.push(ONLY_ONE_FILE);
  const valid = picked.filter((file) => {
    if (file.size > maxSizeMb * 1024 * 1024) {
      messages.push(`Файл ${file.name} превышает максимальный размер ${maxSizeMb}MB`);
      return false;
    }
    if (!accept.includes(extensionOf(file.name))) {
      messages.push(`Файл ${file.name} имеет недопустимый формат`);
      return false;
    }
    return true;
  });
  if (rules.multiple) return { accepted: valid, messages };
  if (alreadyChosen > 0 && valid.length > 0 && !messages.includes(ONLY_ONE_FILE))
    messages.push(ONLY_ONE_FILE);
  return { accepted: valid.slice(0, 1), messages };
}

const UNITS = ['Байт', 'КБ', 'МБ', 'ГБ'] as const;

/** 0 Байт, 512 Байт, 1.5 КБ, 12.3 МБ, 1.02 ГБ (Russian decimal comma). */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 2 : value < 100 ? 1 : 0;
  return `${Number(value.toFixed(digits)).toLocaleString('ru-RU')} ${UNITS[unit]}`;
}

/** The list with the item `id` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveItem<T extends { id: string }>(list: readonly T[], id: string, by: -1 | 1): T[] {
  const index = list.findIndex((item) => item.id === id);
  const target = index + by;
  if (index < 0 || target < 0 || target >= list.length) return [...list];
  const moved = [...list];
  [moved[index], moved[target]] = [moved[target] as T, moved[index] as T];
  return moved;
}
