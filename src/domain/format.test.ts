import { describe, expect, it } from 'vitest';
import { countRu, formatDate, formatDateTime, formatRubles } from './format';

/** Intl writes no-break spaces (U+00A0, U+202F); compare with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('Russian money', () => {
  it('shows a price as «1 200 ₽» with a space between thousands', () => {
    expect(plain(formatRubles(1200))).toBe('1 200 ₽');
    expect(plain(formatRubles(0))).toBe('0 ₽');
  });
  it('shows kopecks with a comma only when the price has them', () => {
    expect(plain(formatRubles(1500.5))).toBe('1 500,50 ₽');
  });
  it('never breaks the line inside a price', () => {
    expect(formatRubles(12500)).not.toContain(' ');
  });
  it('writes every amount exactly as Intl would, kopecks rounded the same way', () => {
    const intl = (amount: number) =>
      new Intl.NumberFormat('ru-RU', {
        style: 'currency',
        currency: 'RUB',
        minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
        maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      }).format(amount);
    for (const amount of [0, -0, 7, 999, 1000, -1200, 1.005, 0.5, -0.5, 999.995, 12345.678, 2 ** 53, 1e21]) {
      expect(formatRubles(amount)).toBe(intl(amount));
    }
    // Five thousand amounts from a fixed seed, of every size up to a billion rubles either side
    // of zero: whole kopecks, thousandths (which round), and doubles with all their digits.
    let seed = 20261127;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 5000; i++) {
      const double = (random() * 2 - 1) * 10 ** (i % 10);
      const digits = [2, 3, undefined][i % 3];
      const amount = digits === undefined ? double : Math.round(double * 10 ** digits) / 10 ** digits;
      expect(formatRubles(amount), String(amount)).toBe(intl(amount));
    }
  });
});

describe('Russian dates', () => {
  const now = new Date(2025, 10, 30);
  it('shows when data was fetched as «22 нояб., 14:05»', () => {
    expect(plain(formatDateTime(new Date(2025, 10, 22, 14, 5), now))).toBe('22 нояб., 14:05');
  });
  it('adds the year for data from another year', () => {
    expect(plain(formatDateTime(new Date(2024, 0, 3, 9, 0), now))).toBe('3 янв. 2024 г., 09:00');
  });
  it('writes table dates as DD MMM YYYY', () => {
    expect(plain(formatDate(new Date(2025, 10, 2)))).toBe('02 нояб. 2025 г.');
  });
});

describe('Russian counts', () => {
  it('take the noun form the number needs', () => {
    const days = ['день', 'дня', 'дней'] as const;
    expect([1, 2, 5, 11, 21, 22, 25, 111].map((n) => countRu(n, days))).toEqual([
      '1 день',
      '2 дня',
      '5 дней',
      '11 дней',
      '21 день',
      '22 дня',
      '25 дней',
      '111 дней',
    ]);
  });
});
