/** Phone numbers as customers type them (+7, 8, brackets, dashes) reduced to one comparable form. */

/** Digits only, a Russian leading 8 turned into 7: '8 (916) 123-45-67' → '79161234567'. */
export function normalizePhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`;
  if (digits.length === 10) return `7${digits}`;
  return digits;
}

export function isValidPhone(value: string): boolean {
  const digits = normalizePhone(value);
  return digits.length >= 11 && digits.length <= 15;
}

export const PHONE_ERROR = 'Введите телефон, например +7 916 123-45-67';

/** How a number is stored and shown: '+7 916 123-45-67' for Russian numbers, '+<digits>' otherwise. */
export function formatPhone(value: string): string {
  const digits = normalizePhone(value);
  if (digits.length === 11 && digits.startsWith('7')) {
    return `+7 ${digits.slice(1, 4)} ${digits.slice(4, 7)}-${digits.slice(7, 9)}-${digits.slice(9)}`;
  }
  return `+${digits}`;
}
