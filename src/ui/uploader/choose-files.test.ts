import { describe, expect, it } from 'vitest';
import { chooseFiles, formatFileSize, ONLY_ONE_FILE } from './choose-files';

const file = (name: string, size = 1000) => ({ name, size });
const MB = 1024 * 1024;

describe('chooseFiles', () => {
  it('appends every valid file in multiple mode and skips the rest with their messages', () => {
    const result = chooseFiles(
      2,
      [file('passport.PDF'), file('huge.pdf', 101 * MB), file('virus.exe'), file('scan.jpeg')],
      {
        multiple: true,
      },
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['passport.PDF', 'scan.jpeg']);
    expect(result.messages).toEqual([
      'Файл huge.pdf превышает максимальный размер 100MB',
      'Файл virus.exe имеет недопустимый формат',
    ]);
  });

  it('keeps only the first valid file in single mode and says only one is allowed', () => {
    const result = chooseFiles(0, [file('bad.txt'), file('a.pdf'), file('b.pdf')], { multiple: false });
    expect(result.accepted.map((f) => f.name)).toEqual(['a.pdf']);
    expect(result.messages).toEqual([ONLY_ONE_FILE, 'Файл bad.txt имеет недопустимый формат']);
  });

  it('uses the given limit and accepted types', () => {
    const result = chooseFiles(0, [file('a.png', 3 * MB)], {
      multiple: true,
      maxSizeMb: 2,
      accept: ['.png'],
    });
    expect(result.messages).toEqual(['Файл a.png превышает максимальный размер 2MB']);
  });
});

describe('formatFileSize', () => {
  it('speaks Байт, КБ, МБ and ГБ', () => {
    expect(formatFileSize(512)).toBe('512 Байт');
    expect(formatFileSize(1536)).toBe('1,5 КБ');
    expect(formatFileSize(12.34 * MB)).toBe('12,3 МБ');
    expect(formatFileSize(2 * 1024 * MB)).toBe('2 ГБ');
  });
});
