/** Steps the cabinet's browser tests share: an order placed as a customer, and that customer's session in the page. */
import type { Page } from 'playwright-core';
import { callApi } from './auth-fixtures';

interface Catalogue {
  documents: { id: number; type: string }[];
  deliveries: { id: number; code: string }[];
}

/** What differs between the demo orders the browser tests place. */
export interface DemoOrderOptions {
  /** A phone of its own, so a search finds this order alone. */
  phoneNumber?: string;
  /** Pickup at this point instead of the office. */
  pickupPointId?: number;
}

/** The body of a demo order: one passport, ru → en, picked up at the office or at a point. */
export async function demoOrderBody(origin: string, email: string, options: DemoOrderOptions = {}) {
  const { data: catalogue } = await callApi<Catalogue>(origin, '/api/order/form-params', {
    method: 'GET',
  });
  const code = options.pickupPointId === undefined ? 'OFFICE' : 'PICKUP_POINT';
  const passport =
    catalogue.documents.find((document) => /Паспорт/.test(document.type)) ?? catalogue.documents[0];
  const delivery = catalogue.deliveries.find((candidate) => candidate.code === code);
  if (!passport || !delivery) throw new Error(`The demo catalogue has no passport or ${code} delivery`);
  return {
    name: 'Анна Смирнова',
    phoneNumber: options.phoneNumber ?? '+7 916 123-45-67',
    email,
    originalLanguage: 'ru',
    targetLanguage: 'en',
    deliveryType: code,
    personalDataConsent: true,
    deliveryId: delivery.id,
    ...(options.pickupPointId === undefined ? {} : { pickupPointId: options.pickupPointId }),
    orderDocuments: [{ documentId: passport.id, quantity: 1 }],
  };
}

/** A demo order placed through the API as the signed-in customer; anything but 201 fails the test. */
export async function placeOrder(
  origin: string,
  token: string,
  email: string,
  options: DemoOrderOptions = {},
): Promise<{ id: number; number: string }> {
  const { status, data } = await callApi<{ order: { id: number; number: string } }>(origin, '/api/order', {
    token,
    body: await demoOrderBody(origin, email, options),
  });
  if (status !== 201) throw new Error(`POST /api/order: ${status} ${JSON.stringify(data)}`);
  return data.order;
}

/** The cabinet session as the sign-in page stores it, in the storage of the page's origin. */
export async function writeCabinetSession(page: Page, token: string, email: string) {
  await page.evaluate(
    ({ token, email }) => {
      localStorage.setItem('cabinet_token', token);
      localStorage.setItem('cabinet_authStatus', 'AUTHORIZED');
      localStorage.setItem('cabinet_role', 'USER');
      localStorage.setItem('cabinetUserProfile', JSON.stringify({ email, phoneNumber: null }));
    },
    { token, email },
  );
}

/** The cabinet session stored from the sign-in page, as a customer who signed in there. */
export async function signInBrowser(page: Page, token: string, email: string) {
  await page.goto('/cabinet-login');
  await writeCabinetSession(page, token, email);
  // Let the login page finish its lazy loads first: a navigation started while one is still in
  // flight can be cut short (net::ERR_ABORTED) by the page's own chunk-reload guard.
  await page.waitForLoadState('networkidle');
}

/** The staff session as the /login page stores it. */
export async function signInStaffBrowser(page: Page, token: string, role: string, email: string) {
  await page.goto('/login');
  await page.evaluate(
    ({ token, role, email }) => {
      localStorage.setItem('crm_token', token);
      localStorage.setItem('crm_authStatus', 'AUTHORIZED');
      localStorage.setItem('crm_role', role);
      localStorage.setItem('crmUserProfile', JSON.stringify({ email, phoneNumber: null }));
    },
    { token, role, email },
  );
  await page.waitForLoadState('networkidle');
}
