import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords, MAX_RUBLES_IN_WORDS } from './amount-in-words';
import { pluralForm } from './format';

describe('an invoice total in words', () => {
  it('writes 2140.00 as the bureau’s invoices do', () => {
    expect(amountInWords(2140)).toBe('Две тысячи сто сорок рублей 00 копеек');
    expect(amountInWords(2140.0)).toBe('Две тысячи сто сорок рублей 00 копеек');
  });

  it('agrees «рубль» with the last number: 1, 2–4, 5–20, 21, 111', () => {
    expect(amountInWords(1)).toBe('Один рубль 00 копеек');
    expect(amountInWords(2)).toBe('Два рубля 00 копеек');
    expect(amountInWords(4)).toBe('Четыре рубля 00 копеек');
    expect(amountInWords(5)).toBe('Пять рублей 00 копеек');
    expect(amountInWords(21)).toBe('Двадцать один рубль 00 копеек');
    expect(amountInWords(22)).toBe('Двадцать два рубля 00 копеек');
    expect(amountInWords(111)).toBe('Сто одиннадцать рублей 00 копеек');
    expect(amountInWords(1001)).toBe('Одна тысяча один рубль 00 копеек');
  });

  it('says «рублей» for 11–19 whatever the last digit', () => {
    for (const [value, words] of [
      [11, 'одиннадцать'],
      [12, 'двенадцать'],
      [13, 'тринадцать'],
      [14, 'четырнадцать'],
      [15, 'пятнадцать'],
      [19, 'девятнадцать'],
    ] as const) {
      expect(amountInWords(value)).toBe(`${words[0]?.toUpperCase()}${words.slice(1)} рублей 00 копеек`);
    }
    expect(amountInWords(10)).toBe('Десять рублей 00 копеек');
    expect(amountInWords(212)).toBe('Двести двенадцать рублей 00 копеек');
  });

  it('writes thousands in the feminine: одна, две тысячи, and the right form of «тысяча»', () => {
    expect(amountInWords(1000)).toBe('Одна тысяча рублей 00 копеек');
    expect(amountInWords(2000)).toBe('Две тысячи рублей 00 копеек');
    expect(amountInWords(5000)).toBe('Пять тысяч рублей 00 копеек');
    expect(amountInWords(11_000)).toBe('Одиннадцать тысяч рублей 00 копеек');
    expect(amountInWords(21_000)).toBe('Двадцать одна тысяча рублей 00 копеек');
    expect(amountInWords(42_000)).toBe('Сорок две тысячи рублей 00 копеек');
    expect(amountInWords(112_000)).toBe('Сто двенадцать тысяч рублей 00 копеек');
  });

  it('writes millions in the masculine and skips empty groups', () => {
    expect(amountInWords(1_000_000)).toBe('Один миллион рублей 00 копеек');
    expect(amountInWords(2_000_001)).toBe('Два миллиона один рубль 00 копеек');
    expect(amountInWords(5_001_000)).toBe('Пять миллионов одна тысяча рублей 00 копеек');
    expect(amountInWords(100_000_000)).toBe('Сто миллионов рублей 00 копеек');
    expect(amountInWords(1_000_000_000)).toBe('Один миллиард рублей 00 копеек');
    expect(amountInWords(999_999_999.99)).toBe(
      'Девятьсот девяносто девять миллионов девятьсот девяносто девять тысяч девятьсот девяносто девять рублей 99 копеек',
    );
  });

  it('writes kopecks in two figures with «копейка» agreeing', () => {
    expect(amountInWords(1.01)).toBe('Один рубль 01 копейка');
    expect(amountInWords(3.02)).toBe('Три рубля 02 копейки');
    expect(amountInWords(3.05)).toBe('Три рубля 05 копеек');
    expect(amountInWords(7.11)).toBe('Семь рублей 11 копеек');
    expect(amountInWords(7.21)).toBe('Семь рублей 21 копейка');
    expect(amountInWords(1500.5)).toBe('Одна тысяча пятьсот рублей 50 копеек');
  });

  it('keeps kopecks exact for sums that floating point cannot hold (0.29, 1234.56)', () => {
    expect(amountInWords(0.29)).toBe('Ноль рублей 29 копеек');
    expect(amountInWords(1234.56)).toBe('Одна тысяча двести тридцать четыре рубля 56 копеек');
    expect(amountInWords(0.1 + 0.2)).toBe('Ноль рублей 30 копеек');
  });

  it('writes zero as «Ноль рублей 00 копеек»', () => {
    expect(amountInWords(0)).toBe('Ноль рублей 00 копеек');
  });

  it('refuses what cannot be a sum of money', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
    expect(() => amountInWords(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => amountInWords(MAX_RUBLES_IN_WORDS + 1)).toThrow(RangeError);
  });
});

describe('numbers in words', () => {
  it('agrees one and two with the noun’s gender', () => {
    expect(integerInWords(1, 'feminine')).toBe('одна');
    expect(integerInWords(2, 'feminine')).toBe('две');
    expect(integerInWords(2)).toBe('два');
  });

  it('reads every number 0–999 as hundreds, tens and units without doubled spaces', () => {
    for (let value = 0; value < 1000; value++) {
      const words = integerInWords(value);
      expect(words).not.toMatch(/\s{2}|^\s|\s$/);
      expect(words.length).toBeGreaterThan(0);
    }
    expect(integerInWords(340)).toBe('триста сорок');
    expect(integerInWords(999)).toBe('девятьсот девяносто девять');
  });

  it('chooses the plural form by the last two digits', () => {
    const forms = ['копейка', 'копейки', 'копеек'] as const;
    expect([0, 1, 2, 5, 11, 12, 14, 20, 21, 23, 101, 111, 1004].map((n) => pluralForm(n, forms))).toEqual([
      'копеек',
      'копейка',
      'копейки',
      'копеек',
      'копеек',
      'копеек',
      'копеек',
      'копеек',
      'копейка',
      'копейки',
      'копейка',
      'копеек',
      'копейки',
    ]);
  });
});
