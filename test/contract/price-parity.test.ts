/**
 * The summary on the phone and the amount on the server are one function: the form's priceDraft
 * on the public catalogue must show exactly what POST /api/order charges for the same draft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test-support/test-server';
import type { DraftPayload } from '../../src/db/drafts';
import { type FormParams, priceDraft } from '../../src/features/order-form/order-model';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const contact = (email: string) => ({
  name: 'Анна Смирнова',
  phoneNumber: '8 (916) 123-45-67',
  email,
  payerType: 'INDIVIDUAL' as const,
});

describe('the form’s price and the server’s amount', () => {
  it('agree on every document, quantity, assurance, delivery and discount', async () => {
    const catalogue: FormParams = (await server.app.inject({ url: '/api/order/form-params' })).json();
    const promo = (
      await server.app.inject({
        method: 'POST',
        url: '/api/form-settings/promocode/validate',
        payload: { code: 'STUDENT15' },
      })
    ).json();
    expect(promo.valid).toBe(true);
    const [first, second, third] = catalogue.documents;
    const delivery = catalogue.deliveries.find((d) => d.code === 'PICKUP_POINT');
    if (!first || !second || !third || !delivery) throw new Error('the seed catalogue is too small');
    const everyAssurance = catalogue.assurances.map((a) => a.id);
    const drafts: DraftPayload[] = [
      { orderDocuments: [{ documentId: first.id, quantity: 1, assuranceIds: [] }] },
      {
        orderDocuments: [
          { documentId: first.id, quantity: 3, assuranceIds: everyAssurance },
          { documentId: second.id, quantity: 2, assuranceIds: everyAssurance.slice(0, 1) },
          { documentId: third.id, quantity: 7, assuranceIds: [] },
        ],
        promoCode: 'STUDENT15',
        promoIsValid: true,
        promoDiscountPercent: promo.discount,
      },
    ];
    for (const [index, draft] of drafts.entries()) {
      const full: DraftPayload = {
        ...contact(`parity.${index}@example.ru`),
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryType: 'PICKUP_POINT',
        personalDataConsent: true,
        deliveryId: delivery.id,
        pickupPointId: 1,
        ...draft,
      };
      const shown = priceDraft(catalogue, full);
      const { promoIsValid: _valid, promoDiscountPercent: _percent, ...sent } = full;
      const answer = await server.app.inject({ method: 'POST', url: '/api/order', payload: sent });
      expect(answer.statusCode).toBe(201);
      const charged = answer.json().order;
      expect(shown?.amount).toBe(charged.amount);
      expect(charged.discountPercent).toBe(draft.promoDiscountPercent ?? 0);
      expect(shown?.delivery).toBe(charged.deliveryPrice);
    }
  });
});
