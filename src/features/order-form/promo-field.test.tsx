// @vitest-environment happy-dom
/**
 * The order form's promo field with a fixed-sum code that needs 3 000 ₽ of documents: what it
 * sends, what it says beside the field, and how it follows the order's sum without asking again.
 */
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../api/client';
import { DataLayerContext } from '../../api/data-layer';
import { localStore } from '../../api/local-store';
import { json } from '../../api/test-helpers';
import { responseCache } from '../../db/cache';
import type { DraftPayload } from '../../db/drafts';
import { testDb } from '../../db/test-db';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import type { FormParams } from './order-model';
import { PromoField } from './promo-field';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const catalogue = {
  documents: [{ id: 1, type: 'Паспорт', price: 1200 }],
  assurances: [],
  deliveries: [],
  schedule: { urgentPercent: 50 },
} as unknown as FormParams;

/** The server's validatePromoCode for FIRST500: 500 ₽ off orders of 3 000 ₽ and more. */
function promoServer(): FakeApi {
  return fakeApi({
    'POST /api/form-settings/promocode/validate': async (request: Request) => {
      const { orderSum = 0 } = (await request.json()) as { code: string; orderSum?: number };
      const terms = { code: 'FIRST500', kind: 'AMOUNT', minOrderSum: 3000 };
      return json(
        orderSum >= 3000
          ? {
              ...terms,
              valid: true,
              discount: 0,
              amount: 500,
              message: 'Промокод применён — скидка 500\u00a0₽',
            }
          : {
              ...terms,
              valid: false,
              discount: 0,
              amount: null,
              message: 'Промокод действует для заказов от 3\u00a0000\u00a0₽',
            },
      );
    },
  });
}

let latest: DraftPayload = {};

function Harness({ copies }: { copies: number }) {
  const [values, setValues] = useState<DraftPayload>({
    orderDocuments: [{ documentId: 1, quantity: copies, assuranceIds: [] }],
  });
  latest = values;
  const setCopies = (quantity: number) =>
    setValues((old) => ({ ...old, orderDocuments: [{ documentId: 1, quantity, assuranceIds: [] }] }));
  return (
    <>
      <button type="button" onClick={() => setCopies(2)}>
        Две копии
      </button>
      <button type="button" onClick={() => setCopies(3)}>
        Три копии
      </button>
      <PromoField
        catalogue={catalogue}
        values={values}
        onChange={(patch) => setValues((old) => ({ ...old, ...patch }))}
      />
    </>
  );
}

function renderField(server: FakeApi, copies: number) {
  const db = testDb();
  const api = createApi({
    baseUrl: 'http://app.test',
    store: localStore(),
    cache: responseCache(db),
    location: () => ({ pathname: '/order/step-3', search: '' }),
    navigate: () => undefined,
    fetch: async (request) => server(request),
  });
  render(
    <DataLayerContext.Provider value={{ api, db }}>
      <Harness copies={copies} />
    </DataLayerContext.Provider>,
  );
  return screen.getByLabelText('Промокод (необязательно)') as HTMLInputElement;
}

const besideField = (input: HTMLInputElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('the promo field with a fixed sum and a minimum', () => {
  it('sends the documents’ sum, shows «500 ₽», and says it stops applying when the order falls below 3 000 ₽', async () => {
    const server = promoServer();
    const input = renderField(server, 3);
    fireEvent.change(input, { target: { value: ' first500 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Применить' }));

    await waitFor(() => expect(besideField(input)).toBe('Промокод применён — скидка 500\u00a0₽'));
    expect(server.calls.at(-1)?.body).toEqual({ code: 'first500', orderSum: 3600 });
    expect(latest).toMatchObject({
      promoCode: 'FIRST500',
      promoIsValid: true,
      promoKind: 'AMOUNT',
      promoAmount: 500,
      promoMinOrderSum: 3000,
    });
    expect(input.getAttribute('aria-invalid')).toBeNull();

    // The customer goes back and takes one copy off: 2 400 ₽ is below the minimum.
    fireEvent.click(screen.getByRole('button', { name: 'Две копии' }));
    await waitFor(() =>
      expect(besideField(input)).toBe('Промокод действует для заказов от 3\u00a0000\u00a0₽'),
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // And adds it again: the code applies again, without asking the server.
    fireEvent.click(screen.getByRole('button', { name: 'Три копии' }));
    await waitFor(() => expect(besideField(input)).toBe('Промокод применён — скидка 500\u00a0₽'));
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(server.calls).toHaveLength(1);
  });

  it('shows the server’s refusal beside the field when the order is below the minimum', async () => {
    const server = promoServer();
    const input = renderField(server, 2);
    fireEvent.change(input, { target: { value: 'FIRST500' } });
    fireEvent.keyDown(input, { key: 'Enter' });

    await waitFor(() =>
      expect(besideField(input)).toBe('Промокод действует для заказов от 3\u00a0000\u00a0₽'),
    );
    expect(server.calls.at(-1)?.body).toEqual({ code: 'FIRST500', orderSum: 2400 });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(latest).toMatchObject({ promoCode: 'FIRST500', promoIsValid: false, promoAmount: null });
    // Typing again clears the message: it was about the code as it was.
    fireEvent.change(input, { target: { value: 'FIRST50' } });
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });
});
