import { describe, expect, it } from 'vitest';
import { lineChanges } from './order-changes';

const passport = { documentId: 1, type: 'Паспорт', quantity: 1, assurances: [] };

describe('the history words of a changed order’s lines', () => {
  it('says a copy was added, old → new', () => {
    expect(lineChanges([passport], [{ ...passport, quantity: 2 }], 'en').map((entry) => entry.text)).toEqual([
      'Паспорт, копий: 1 → 2',
    ]);
  });

  it('says a language was added to a line, a line in the order’s one reading as that language', () => {
    const entries = lineChanges([passport], [{ ...passport, targetLanguages: ['en', 'de'] }], 'en');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      field: 'DOCUMENTS',
      oldValue: 'Паспорт, языки: английский',
      newValue: 'Паспорт, языки: английский, немецкий',
    });
  });

  it('finds nothing to say when the line names the order’s own language', () => {
    expect(lineChanges([passport], [{ ...passport, targetLanguages: ['en'] }], 'en')).toEqual([]);
  });
});
