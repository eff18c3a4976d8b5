import { describe, expect, it } from 'vitest';
import { initialValues, itemBody, validateItem } from './kinds';

describe('the catalogue item forms', () => {
  it('trims a document’s name and turns typed prices into numbers, cost 0 when left empty', () => {
    const values = { ...initialValues('DOCUMENT'), type: '  Справка ', price: '1 500,50', cost: '' };
    expect(itemBody('DOCUMENT', values)).toEqual({ type: 'Справка', price: 1500.5, cost: 0, isActive: true });
  });

  it('says in Russian what is wrong with each field', () => {
    const problems = validateItem('DOCUMENT')({
      ...initialValues('DOCUMENT'),
      type: ' ',
      price: 'сто',
      cost: '-5',
    });
    expect(problems).toEqual({
      'document-type': 'Введите название',
      'document-price': 'Введите цену числом, например 2 140 или 2 140,50',
      'document-cost': 'Себестоимость не может быть меньше нуля',
    });
  });

  it('shows an assurance’s prices as they are typed back', () => {
    const values = initialValues('ASSURANCE', {
      id: 1,
      type: 'Нотариальное заверение',
      price: 900,
      cost: 500.5,
      costWeekday: 500,
      costSaturday: 700,
      costSunday: 900,
      sortOrder: 1,
      notaryDays: 1,
      isActive: false,
    });
    expect(values).toMatchObject({ price: '900', cost: '500,50', isActive: 'false' });
  });
});
