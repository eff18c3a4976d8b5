import { describe, expect, it } from 'vitest';
import { fileNameOf } from './save-file';

describe('the name of a download', () => {
  it('is the UTF-8 name the server gave, else its ASCII fallback, else ours', () => {
    expect(
      fileNameOf(
        `attachment; filename="__ ____ 2026-11-21.zip"; filename*=UTF-8''${encodeURIComponent('Мои данные 2026-11-21.zip')}`,
        'data.zip',
      ),
    ).toBe('Мои данные 2026-11-21.zip');
    expect(fileNameOf('attachment; filename="data 2026.zip"', 'x.zip')).toBe('data 2026.zip');
    expect(fileNameOf(null, 'x.zip')).toBe('x.zip');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A", 'x.zip')).toBe('x.zip');
  });
});
