import { describe, expect, it } from 'vitest';
import { nameAfterKind } from './place-names';

describe('a place named after its kind', () => {
  it('says the kind once and never nests quotes', () => {
    expect(`в пункте выдачи ${nameAfterKind('Пункт выдачи «Тверская»', 'PICKUP_POINT')}`).toBe(
      'в пункте выдачи «Тверская»',
    );
    expect(nameAfterKind('ПВЗ «Экспресс»', 'PICKUP_POINT')).toBe('«Экспресс»');
    expect(nameAfterKind(' Тверская ', 'PICKUP_POINT')).toBe('«Тверская»');
    expect(nameAfterKind('Пункт выдачи Тверская', 'PICKUP_POINT')).toBe('«Тверская»');
    expect(nameAfterKind('ПВЗ «Экспресс» на Тверской', 'PICKUP_POINT')).toBe('«Экспресс» на Тверской');
    expect(nameAfterKind('Офис «Савёловский»', 'OFFICE')).toBe('«Савёловский»');
    // An office named with a point's words keeps them: only its own kind is dropped.
    expect(nameAfterKind('Пункт выдачи «Тверская»', 'OFFICE')).toBe('Пункт выдачи «Тверская»');
    expect(nameAfterKind('Офис на Тверской', 'OFFICE')).toBe('«Офис на Тверской»');
  });
});
