import { describe, expect, it } from 'vitest';
import { TOO_MANY_LINES } from '../../domain/order-lines';
import { validateStepOne } from './order-model';

describe('step 1', () => {
  it('says before sending that an order takes at most 20 different documents', () => {
    const chosen = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ documentId: index + 1, quantity: 1, assuranceIds: [] }));
    const languages = { originalLanguage: 'ru', targetLanguage: 'en' };
    expect(validateStepOne({ ...languages, orderDocuments: chosen(21) }).documents).toBe(TOO_MANY_LINES);
    expect(validateStepOne({ ...languages, orderDocuments: chosen(20) }).documents).toBeUndefined();
  });
});
