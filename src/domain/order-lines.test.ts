import { describe, expect, it } from 'vitest';
import { lineLimitProblems, orderLinesFromPayload, TOO_MANY_COPIES, TOO_MANY_LINES } from './order-lines';

describe('orderLinesFromPayload', () => {
  it('reads orderDocuments first, defaulting the quantity to one', () => {
    expect(
      orderLinesFromPayload({
        orderDocuments: [
          { documentId: 1, quantity: 2, assuranceIds: [1, 2], targetLanguages: [] },
          { documentId: 3 },
        ],
        documentIds: [9],
      }),
    ).toEqual([
      { documentId: 1, quantity: 2, assuranceIds: [1, 2], targetLanguages: [] },
      { documentId: 3, quantity: 1, assuranceIds: [], targetLanguages: [] },
    ]);
  });

  it('pairs documentsWithQuantity with documentsAssurances by document', () => {
    expect(
      orderLinesFromPayload({
        documentsWithQuantity: [
          { documentId: 1, quantity: 3 },
          { documentId: 2, quantity: 1 },
        ],
        documentsAssurances: [{ documentId: 2, assuranceIds: [4] }],
      }),
    ).toEqual([
      { documentId: 1, quantity: 3, assuranceIds: [], targetLanguages: [] },
      { documentId: 2, quantity: 1, assuranceIds: [4], targetLanguages: [] },
    ]);
  });

  it('falls back to documentIds or documentId with the one assuranceId on each', () => {
    expect(orderLinesFromPayload({ documentIds: [1, 2], assuranceId: 5 })).toEqual([
      { documentId: 1, quantity: 1, assuranceIds: [5], targetLanguages: [] },
      { documentId: 2, quantity: 1, assuranceIds: [5], targetLanguages: [] },
    ]);
    expect(orderLinesFromPayload({ documentId: 7 })).toEqual([
      { documentId: 7, quantity: 1, assuranceIds: [], targetLanguages: [] },
    ]);
    expect(orderLinesFromPayload({})).toEqual([]);
  });

  it('makes one line of a document named twice', () => {
    expect(
      orderLinesFromPayload({
        orderDocuments: [
          { documentId: 1, quantity: 1, assuranceIds: [1], targetLanguages: [] },
          { documentId: 1, quantity: 2, assuranceIds: [1, 2], targetLanguages: [] },
        ],
      }),
    ).toEqual([{ documentId: 1, quantity: 3, assuranceIds: [1, 2], targetLanguages: [] }]);
  });

  it("gives each line its own languages, else the order's one, and keeps other languages apart", () => {
    expect(
      orderLinesFromPayload({
        targetLanguage: 'en',
        orderDocuments: [
          { documentId: 1, quantity: 1, targetLanguages: ['en', 'de'] },
          { documentId: 2, quantity: 2 },
          { documentId: 1, quantity: 2, targetLanguages: ['de', 'en'] },
          { documentId: 2, quantity: 1, targetLanguages: ['fr'] },
        ],
      }),
    ).toEqual([
      { documentId: 1, quantity: 3, assuranceIds: [], targetLanguages: ['en', 'de'] },
      { documentId: 2, quantity: 2, assuranceIds: [], targetLanguages: ['en'] },
      { documentId: 2, quantity: 1, assuranceIds: [], targetLanguages: ['fr'] },
    ]);
    expect(orderLinesFromPayload({ targetLanguage: 'de', documentIds: [4] })).toEqual([
      { documentId: 4, quantity: 1, assuranceIds: [], targetLanguages: ['de'] },
    ]);
  });
});

describe('lineLimitProblems', () => {
  it('counts copies per document after merging, and the different documents', () => {
    const twice = orderLinesFromPayload({
      documentsWithQuantity: [
        { documentId: 1, quantity: 60 },
        { documentId: 1, quantity: 60 },
      ],
    });
    expect(lineLimitProblems(twice)).toEqual([{ line: 0, message: TOO_MANY_COPIES }]);
    const many = Array.from({ length: 21 }, (_, index) => ({
      documentId: index + 1,
      quantity: 1,
      assuranceIds: [],
      targetLanguages: ['en'],
    }));
    expect(lineLimitProblems(many)).toEqual([{ message: TOO_MANY_LINES }]);
    expect(lineLimitProblems(many.slice(0, 20))).toEqual([]);
  });
});
