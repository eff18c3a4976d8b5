// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs, TEST_TOKEN } from '../../testing/render-app';
import { anInvoice } from './test-fixtures';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
configure({ asyncUtilTimeout: 5000 });

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => signInAs('cabinet', 'USER'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

const invoices = [
  anInvoice({
    id: 2,
    kind: 'ACT',
    number: 'АКТ-2611-00042',
    pdfUrl: '/api/files/7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    createdAt: '2026-11-22T12:00:00.000Z',
  }),
  anInvoice({ status: 'PAID', paidAt: '2026-11-21T09:00:00.000Z' }),
];

describe('cabinet invoices', () => {
  it('lists invoices and acts with their state, amount and order', async () => {
    renderApp(
      '/cabinet/invoices',
      fakeApi({ 'GET /api/user/invoices': { items: invoices, total: 2, limit: 20, offset: 0 } }),
    );
    const rows = within(await screen.findByRole('list', { name: 'Счета и акты' })).getAllByRole('listitem');
    expect(plain(rows[0]?.textContent)).toContain('Акт АКТ-2611-00042');
    expect(plain(rows[0]?.textContent)).toContain('Ждёт подписи');
    expect(plain(rows[1]?.textContent)).toContain('Счёт СЧ-2611-00042');
    expect(plain(rows[1]?.textContent)).toContain('Оплачен 21 нояб. 2026');
    expect(plain(rows[1]?.textContent)).toContain('2 140 ₽');
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: 'заказу № 2611-00042' })
        .getAttribute('href'),
    ).toBe('/cabinet/orders/42');
  });

  it('downloads a PDF through the API with the cabinet token, under the document’s number', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://app.test/1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    let authorization: string | null = null;
    renderApp(
      '/cabinet/invoices',
      fakeApi({
        'GET /api/user/invoices': { items: invoices, total: 2, limit: 20, offset: 0 },
        'GET /api/files/6f0b6c1e-8f7a-4d61-9a1e-2b3c4d5e6f70': (request: Request) => {
          authorization = request.headers.get('Authorization');
          return new Response(pdf, { headers: { 'content-type': 'application/pdf' } });
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Скачать PDF СЧ-2611-00042' }));
    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:http://app.test/1', download: 'СЧ-2611-00042.pdf' }]),
    );
    expect(authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('says so when a company has no invoices yet', async () => {
    renderApp(
      '/cabinet/invoices',
      fakeApi({ 'GET /api/user/invoices': { items: [], total: 0, limit: 20, offset: 0 } }),
    );
    expect(await screen.findByText('Счетов и актов пока нет.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '«Организация»' }).getAttribute('href')).toBe(
      '/cabinet/organization',
    );
  });

  it('shows the server’s error when the list cannot be read', async () => {
    renderApp(
      '/cabinet/invoices',
      fakeApi({
        'GET /api/user/invoices': () => json({ code: 'NOT_IMPLEMENTED', message: 'Скоро будет' }, 501),
      }),
    );
    expect(plain((await screen.findByRole('alert')).textContent)).toContain(
      'Не удалось загрузить счета. Скоро будет',
    );
  });
});
