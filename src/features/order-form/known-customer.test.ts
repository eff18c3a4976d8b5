import { describe, expect, it } from 'vitest';
import { prefillPatch } from './known-customer';

const ivan = {
  name: 'Иван Петров',
  phoneNumber: '+7 916 123-45-67',
  email: 'ivan@example.ru',
  organization: { inn: '7707083893', kpp: null, name: 'ООО «Ромашка»', address: null },
};

describe('a signed-in customer’s form', () => {
  it('starts with their contacts and organization', () => {
    expect(prefillPatch({}, ivan)).toEqual({
      name: 'Иван Петров',
      phoneNumber: '+7 916 123-45-67',
      email: 'ivan@example.ru',
      organizationInn: '7707083893',
      organizationName: 'ООО «Ромашка»',
    });
  });

  it('keeps what the customer typed', () => {
    expect(prefillPatch({ name: 'Пётр', email: ' ', organizationName: 'ИП Пётр' }, ivan)).toEqual({
      phoneNumber: '+7 916 123-45-67',
      email: 'ivan@example.ru',
      organizationInn: '7707083893',
    });
  });
});
