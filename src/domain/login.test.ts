import { describe, expect, it } from 'vitest';
import { loginProblem, loginSkeleton, normalizeLogin } from './login';

describe('staff logins', () => {
  it('refuse invisible characters: a zero-width space, a joiner, a BOM, a soft hyphen, a bidi control', () => {
    for (const hidden of ['\u200b', '\u200d', '\ufeff', '\u00ad', '\u202e', '\u2060', '\u3164']) {
      expect(loginProblem(`admin${hidden}@perevod.local`)).toBe(
        'Логин не может содержать невидимые или служебные символы',
      );
    }
  });

  it('refuse a login mixing Latin and Cyrillic letters, such as a Cyrillic «а» in admin@perevod.local', () => {
    expect(loginProblem('\u0430dmin@perevod.local')).toMatch(/^Логин смешивает буквы разных алфавитов/);
    expect(loginProblem('manager.\u03bfffice')).toMatch(/^Логин смешивает/);
  });

  it('accept a login in one alphabet, and keep it in NFKC', () => {
    expect(loginProblem('anna.manager')).toBeNull();
    expect(loginProblem('анна.менеджер')).toBeNull();
    expect(normalizeLogin(' ａｎｎａ ')).toBe('anna');
    expect(loginProblem('ab')).toBe('Логин — не короче 3 символов');
    expect(loginProblem('an na')).toBe('Логин не может содержать пробелы');
  });

  it('read look-alike letters as one: an all-Cyrillic «АДМ» login looks like Latin', () => {
    expect(loginSkeleton('\u0430dmin@perevod.local')).toBe('admin@perevod.local');
    expect(loginSkeleton('ВОХ')).toBe(loginSkeleton('BOX'));
    expect(loginSkeleton('сова')).not.toBe(loginSkeleton('cobra'));
  });
});
