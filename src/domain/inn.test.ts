import { describe, expect, it } from 'vitest';
import { isValidInn } from './inn';
import { isValidPhone, normalizePhone } from './phone';

describe('INN check', () => {
  it('accepts real organization and sole-proprietor numbers', () => {
    expect(isValidInn('7707083893')).toBe(true);
    expect(isValidInn('500100732259')).toBe(true);
  });
  it('refuses a wrong control digit, wrong length or letters', () => {
    expect(isValidInn('7707083894')).toBe(false);
    expect(isValidInn('500100732258')).toBe(false);
    expect(isValidInn('77070838')).toBe(false);
    expect(isValidInn('77070838AB')).toBe(false);
  });
});

describe('phone', () => {
  it('reduces the ways people type a Russian number to one form', () => {
    expect(normalizePhone('8 (916) 123-45-67')).toBe('79161234567');
    expect(normalizePhone('+7 916 123-45-67')).toBe('79161234567');
    expect(normalizePhone('9161234567')).toBe('79161234567');
    expect(isValidPhone('123')).toBe(false);
  });
});
