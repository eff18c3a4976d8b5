/**
 * The summary on the phone and the amount on the server are one function: the form's priceDraft
 * on the public catalogue must show exactly what POST /api/order charges for the same draft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../server/test-support/sign-in';
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
      // Several target languages on a line: priced once per language on both sides.
      {
        orderDocuments: [
          { documentId: first.id, quantity: 2, assuranceIds: everyAssurance, targetLanguages: ['en', 'de'] },
          { documentId: second.id, quantity: 1, assuranceIds: [], targetLanguages: ['en', 'fr', 'es'] },
          { documentId: third.id, quantity: 3, assuranceIds: everyAssurance.slice(0, 1) },
        ],
        urgent: true,
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

  it('agree with a fixed-sum code: capped by the documents on a small order, its minimum the server’s too', async () => {
    const admin = await signInAs(server.context, 'ADMIN');
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/form-settings/promocode',
      headers: admin.headers,
      payload: { code: 'PARITY2000', kind: 'AMOUNT', amount: 2000, minOrderSum: 1000 },
    });
    expect(created.statusCode).toBe(201);
    const catalogue: FormParams = (await server.app.inject({ url: '/api/order/form-params' })).json();
    const delivery = catalogue.deliveries.find((d) => d.code === 'PICKUP_POINT');
    const [first, second] = catalogue.documents;
    if (!first || !second || !delivery) throw new Error('the seed catalogue is too small');
    const assurance = catalogue.assurances[0]?.id;
    const lineSets = [
      [{ documentId: first.id, quantity: 1, assuranceIds: [] }],
      [
        { documentId: first.id, quantity: 2, assuranceIds: assurance ? [assurance] : [] },
        { documentId: second.id, quantity: 3, assuranceIds: [] },
      ],
    ];
    for (const [index, orderDocuments] of lineSets.entries()) {
      for (const urgent of [false, true]) {
        const base: DraftPayload = {
          ...contact(`parity.fixed.${index}.${urgent}@example.ru`),
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryType: 'PICKUP_POINT',
          personalDataConsent: true,
          deliveryId: delivery.id,
          pickupPointId: 1,
          urgent,
          orderDocuments,
        };
        const orderSum = priceDraft(catalogue, base)?.subtotal ?? 0;
        const verdict = (
          await server.app.inject({
            method: 'POST',
            url: '/api/form-settings/promocode/validate',
            payload: { code: 'parity2000', orderSum },
          })
        ).json();
        expect(verdict).toMatchObject({ valid: true, kind: 'AMOUNT', amount: 2000, minOrderSum: 1000 });
        const full: DraftPayload = {
          ...base,
          promoCode: verdict.code,
          promoIsValid: true,
          promoKind: verdict.kind,
          promoDiscountPercent: verdict.discount,
          promoAmount: verdict.amount,
          promoMinOrderSum: verdict.minOrderSum,
        };
        const shown = priceDraft(catalogue, full);
        const answer = await server.app.inject({ method: 'POST', url: '/api/order', payload: full });
        expect(answer.statusCode).toBe(201);
        const charged = answer.json().order;
        expect(shown?.amount).toBe(charged.amount);
        expect(shown?.discount).toBe(charged.discountAmount);
        expect(charged.discountAmount).toBe(Math.min(2000, charged.subtotal));
      }
    }
  });
});
