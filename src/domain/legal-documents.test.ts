import { describe, expect, it } from 'vitest';
import { fillLegalText, LEGAL_PLACEHOLDERS, legalBlocks, unknownPlaceholders } from './legal-documents';

const operator = {
  name: 'ООО «Слово»',
  inn: '7705123452',
  address: 'Москва, ул. Садовническая, 5',
  contact: 'privacy@slovo.ru',
  scanRetentionDays: 90,
};

describe('legal documents', () => {
  it('fills the operator’s details and leaves an unknown placeholder visible', () => {
    expect(fillLegalText('{{operatorName}}, ИНН {{operatorInn}}: {{operatorContact}}, {{x}}', operator)).toBe(
      'ООО «Слово», ИНН 7705123452: privacy@slovo.ru, {{x}}',
    );
    expect(fillLegalText('сканы удаляются через {{scanRetentionDays}} дней', operator)).toContain('90 дней');
  });

  it('reads headings, lists and paragraphs the way the page shows them', () => {
    expect(legalBlocks('Вступление\nв две строки\n\n## Цели\n- первая;\n- вторая.\nИтог')).toEqual([
      { kind: 'paragraph', text: 'Вступление в две строки' },
      { kind: 'heading', text: 'Цели' },
      { kind: 'list', items: ['первая;', 'вторая.'] },
      { kind: 'paragraph', text: 'Итог' },
    ]);
  });

  it('names the placeholders that fill nothing, so a typo is caught before it is published', () => {
    expect(
      unknownPlaceholders('{{operatorName}} {{operatorname}} {{}} {{operatorname}} {{scanRetentionDays}}'),
    ).toEqual(['{{operatorname}}', '{{}}']);
    expect(LEGAL_PLACEHOLDERS).toContain('{{operatorContact}}');
  });
});
