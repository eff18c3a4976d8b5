import { describe, expect, it } from 'vitest';
import type { FormParams } from './order-model';
import { chosenPrices, priceChanges } from './price-changes';

const catalogue: FormParams = {
  documents: [
    { id: 1, type: 'Паспорт', price: 1200, leadDays: 1 },
    { id: 2, type: 'Диплом', price: 1500, leadDays: 2 },
  ],
  assurances: [{ id: 1, type: 'Нотариальное заверение', price: 900, notaryDays: 1 }],
  deliveries: [{ id: 2, type: 'Пункт выдачи', code: 'PICKUP_POINT', price: 250, time: '1–3 дня' }],
  languages: [],
  schedule: { urgentPercent: 50, notarySaturday: false, daysOff: [], workingDays: [] },
};

const payload = {
  orderDocuments: [
    { documentId: 1, quantity: 2, assuranceIds: [1] },
    { documentId: 2, quantity: 1, assuranceIds: [] },
  ],
  deliveryId: 2,
};

describe('what changed in the catalogue since the customer chose', () => {
  it('is nothing while the prices are the ones seen', () => {
    expect(priceChanges(chosenPrices(catalogue, payload), catalogue, payload)).toEqual([]);
  });

  it('names a price that moved, from and to, and an item the bureau no longer offers', () => {
    const seen = chosenPrices(catalogue, payload);
    const now: FormParams = {
      ...catalogue,
      documents: [{ id: 1, type: 'Паспорт', price: 1400, leadDays: 1 }],
      deliveries: [{ id: 2, type: 'Пункт выдачи', code: 'PICKUP_POINT', price: 250.5, time: '1–3 дня' }],
    };
    expect(priceChanges(seen, now, payload)).toEqual([
      { kind: 'price', key: 'document:1', name: 'Паспорт', from: 1200, to: 1400 },
      { kind: 'gone', key: 'document:2', name: 'Диплом' },
      { kind: 'price', key: 'delivery:2', name: 'Пункт выдачи', from: 250, to: 250.5 },
    ]);
  });

  it('says nothing of an item chosen after the change (it was never seen at the old price)', () => {
    expect(priceChanges({}, catalogue, payload)).toEqual([]);
  });
});
