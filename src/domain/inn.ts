/**
 * Russian taxpayer number (ИНН) check: 10 digits for an organization, 12 for a sole proprietor,
 * with the control digits of the Federal Tax Service's algorithm.
 */
const W10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const W11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const W12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function control(digits: number[], weights: number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + w * (digits[i] ?? 0), 0);
  return (sum % 11) % 10;
}

export function isValidInn(value: string): boolean {
  if (!/^(\d{10}|\d{12})$/.test(value)) return false;
  const d = [...value].map(Number);
  if (d.length === 10) return control(d, W10) === d[9];
  return control(d, W11) === d[10] && control(d, W12) === d[11];
}

export const INN_ERROR = 'Проверьте ИНН: 10 цифр для организации или 12 для ИП, с верной контрольной суммой';
