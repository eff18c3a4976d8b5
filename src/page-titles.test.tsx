// @vitest-environment happy-dom
// Every screen names itself in the browser tab: a title of its own, in the product's format.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrder, anOrderDetail } from './features/cabinet/test-fixtures';
import { createAppRouter } from './router';
import { fakeApi } from './testing/fake-api';
import { renderApp, signInAs } from './testing/render-app';
import { PRODUCT_NAME, pageTitle } from './ui/page-title';

vi.mock('./features/shell/update-prompt', () => ({ UpdatePrompt: () => null }));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

interface RouteLike {
  id: string;
  options: { component?: unknown; head?: (context: { params: Record<string, string> }) => unknown };
}

function titleOf(route: RouteLike): string | undefined {
  const head = route.options.head?.({ params: { id: '7', orderId: '7', partnerId: '7' } }) as
    | { meta?: { title?: string }[] }
    | undefined;
  return head?.meta?.find((tag) => tag.title)?.title;
}

describe('page titles', () => {
  const routes = Object.values(createAppRouter().routesById) as unknown as RouteLike[];
  // Screens: routes that render something and are not a frame around other screens.
  const parents = new Set(routes.map((route) => route.id.slice(0, route.id.lastIndexOf('/'))));
  const screens = routes.filter(
    (route) => route.options.component && !parents.has(route.id) && route.id !== '__root__',
  );

  it('gives every screen a title «<page> — product name», each different', () => {
    expect(screens.length).toBeGreaterThan(25);
    const titles = screens.map((route) => [route.id, titleOf(route)] as const);
    expect(titles.filter(([, title]) => !title?.endsWith(` — ${PRODUCT_NAME}`))).toEqual([]);
    // One exception: an order is «Заказ № …» both in its customer's cabinet and on the staff
    // card; the two never share a browser's history, and renaming one would confuse both.
    const values = titles.filter(([id]) => id !== '/_backoffice/crm/orders/$id').map(([, title]) => title);
    expect(new Set(values).size).toBe(values.length);
  });

  it('puts the open page title into document.title and changes it on navigation', async () => {
    signInAs('cabinet', 'USER');
    const { router } = renderApp(
      '/cabinet/invoices',
      fakeApi({
        'GET /api/order/form-params': { documents: [], assurances: [], deliveries: [], languages: [] },
        'GET /api/user/orders/42': anOrderDetail(anOrder()),
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Счета' });
    await waitFor(() => expect(document.title).toBe(pageTitle('Счета')));
    await router.navigate({ to: '/cabinet/orders/$id', params: { id: '42' } });
    // The address holds the id; once the order is read, the tab names it by its number.
    await waitFor(() => expect(document.title).toBe(pageTitle('Заказ № 2611-00042')));
  });
});
