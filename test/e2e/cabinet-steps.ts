/** Steps the cabinet's browser tests share: an order placed as a customer, and that customer's session in the page. */
import type { Page } from 'playwright-core';
import { callApi } from './auth-fixtures';

interface Catalogue {
  documents: { id: number; type: string }[];
  deliveries: { id: number; code: string }[];
}

/** An order placed through the API as the signed-in customer: one passport, ru → en, picked up at the office. */
export async function placeOrder(
  origin: string,
  token: string,
  email: string,
): Promise<{ id: number; number: string }> {
  const { data: catalogue } = await callApi<Catalogue>(origin, '/api/order/form-params', {
    method: 'GET',
  });
  const passport =
    catalogue.documents.find((document) => /Паспорт/.test(document.type)) ?? catalogue.documents[0];
  const office =
    catalogue.deliveries.find((delivery) => delivery.code === 'OFFICE') ?? catalogue.deliveries[0];
  if (!passport || !office) throw new Error('The demo catalogue has no document or delivery');
  const { status, data } = await callApi<{ order: { id: number; number: string } }>(origin, '/api/order', {
    token,
    body: {
      name: 'Анна Смирнова',
      phoneNumber: '+7 916 123-45-67',
      email,
      originalLanguage: 'ru',
      targetLanguage: 'en',
      deliveryType: 'OFFICE',
      deliveryId: office.id,
      orderDocuments: [{ documentId: passport.id, quantity: 1 }],
    },
  });
  if (status >= 300) throw new Error(`POST /api/order: ${status} ${JSON.stringify(data)}`);
  return data.order;
}

/** The cabinet session as the sign-in page stores it. */
export async function signInBrowser(page: Page, token: string, email: string) {
  await page.goto('/cabinet-login');
  await page.evaluate(
    ({ token, email }) => {
      localStorage.setItem('cabinet_token', token);
      localStorage.setItem('cabinet_authStatus', 'AUTHORIZED');
      localStorage.setItem('cabinet_role', 'USER');
      localStorage.setItem('cabinetUserProfile', JSON.stringify({ email, phoneNumber: null }));
    },
    { token, email },
  );
  // Let the login page finish its lazy loads first: a navigation started while one is still in
  // flight can be cut short (net::ERR_ABORTED) by the page's own chunk-reload guard.
  await page.waitForLoadState('networkidle');
}
