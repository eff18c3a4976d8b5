/**
 * A sum of money written out in Russian words, as invoices and acts require: «Две тысячи сто
 * сорок рублей 00 копеек». Rubles in words, kopecks in figures (the usual form of Russian
 * accounting documents). Pure, shared by the server's PDFs and any screen that wants it.
 */
import { type NounForms, pluralForm } from './format';

type Gender = 'masculine' | 'feminine';

const UNITS_MASCULINE = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const UNITS_FEMININE = ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
];
const HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
];

const RUBLES: NounForms = ['рубль', 'рубля', 'рублей'];
const KOPECKS: NounForms = ['копейка', 'копейки', 'копеек'];

/** Thousands are feminine (одна тысяча, две тысячи); the larger groups are masculine. */
const GROUPS: readonly { forms: NounForms; gender: Gender }[] = [
  { forms: ['тысяча', 'тысячи', 'тысяч'], gender: 'feminine' },
  { forms: ['миллион', 'миллиона', 'миллионов'], gender: 'masculine' },
  { forms: ['миллиард', 'миллиарда', 'миллиардов'], gender: 'masculine' },
];

/** The largest whole number of rubles written out: just under a trillion. */
export const MAX_RUBLES_IN_WORDS = 999_999_999_999;

/** 0–999 in words; an empty list for 0. */
function triadWords(triad: number, gender: Gender): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(triad / 100);
  const rest = triad % 100;
  if (hundreds > 0) words.push(HUNDREDS[hundreds] as string);
  if (rest >= 10 && rest <= 19) {
    words.push(TEENS[rest - 10] as string);
  } else {
    const tens = Math.floor(rest / 10);
    const units = rest % 10;
    if (tens > 0) words.push(TENS[tens] as string);
    if (units > 0) words.push((gender === 'feminine' ? UNITS_FEMININE : UNITS_MASCULINE)[units] as string);
  }
  return words;
}

/** A whole number in words, agreeing with a noun of `gender` that follows it: «две тысячи сто сорок». */
export function integerInWords(value: number, gender: Gender = 'masculine'): string {
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_RUBLES_IN_WORDS) {
    throw new RangeError(`Cannot write ${value} in words`);
  }
  if (value === 0) return 'ноль';
  const words: string[] = [];
  let rest = value;
  const triads: number[] = [];
  while (rest > 0) {
    triads.push(rest % 1000);
    rest = Math.floor(rest / 1000);
  }
  for (let index = triads.length - 1; index >= 0; index--) {
    const triad = triads[index] as number;
    if (triad === 0) continue;
    if (index === 0) {
      words.push(...triadWords(triad, gender));
    } else {
      const group = GROUPS[index - 1] as (typeof GROUPS)[number];
      words.push(...triadWords(triad, group.gender), pluralForm(triad, group.forms));
    }
  }
  return words.join(' ');
}

/**
 * Rubles and kopecks as invoices write them: 2140 → «Две тысячи сто сорок рублей 00 копеек»,
 * 1.01 → «Один рубль 01 копейка». The amount is rounded to whole kopecks.
 */
export function amountInWords(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`Cannot write ${amount} in words`);
  const totalKopecks = Math.round(amount * 100);
  const rubles = Math.floor(totalKopecks / 100);
  const kopecks = totalKopecks % 100;
  const rublesText = `${integerInWords(rubles)} ${pluralForm(rubles, RUBLES)}`;
  const kopecksText = `${String(kopecks).padStart(2, '0')} ${pluralForm(kopecks, KOPECKS)}`;
  const sentence = `${rublesText} ${kopecksText}`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
