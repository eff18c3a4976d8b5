import { describe, expect, it } from 'vitest';
import { estimateStepOne } from './estimate';

const documents = [
  { id: 1, type: 'Паспорт', price: 1200 },
  { id: 2, type: 'Диплом', price: 1500 },
];
const assurances = [{ id: 1, type: 'Нотариальное заверение перевода', price: 900 }];

describe('price on step 1', () => {
  it('adds each chosen assurance to each chosen document', () => {
    expect(estimateStepOne(documents, assurances, new Set([1, 2]), new Set([1]))).toBe(4500);
  });
  it('shows no price before a document is chosen', () => {
    expect(estimateStepOne(documents, assurances, new Set(), new Set([1]))).toBeNull();
  });
});
