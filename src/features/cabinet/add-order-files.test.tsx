// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { isOrderFiles } from '../../outbox/order-files';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs, TEST_TOKEN } from '../../testing/render-app';
import { anOrder, anOrderDetail } from './test-fixtures';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
configure({ asyncUtilTimeout: 5000 });

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/**
 * The multipart body as the outbox builds it. The files come back from (fake) IndexedDB as the
 * test runner's own Blobs, which happy-dom's FormData refuses; the browser has one kind of Blob.
 */
class RecordedForm {
  readonly parts: { name: string; filename: string | undefined }[] = [];
  append(name: string, _value: unknown, filename?: string) {
    this.parts.push({ name, filename });
  }
  getAll(name: string) {
    return this.parts.filter((part) => part.name === name).map((part) => ({ name: part.filename }));
  }
}

beforeEach(() => {
  signInAs('cabinet', 'USER');
  vi.stubGlobal('FormData', RecordedForm);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

interface Sent {
  key: string | null;
  authorization: string | null;
  names: string[];
}

/**
 * The cabinet's server: the order as it stands, and POST …/files through the page's own fetch
 * (the outbox sends with it, not through the API client). `answer` decides each POST's fate.
 */
function cabinetServer(answer: (sent: Sent) => Response | 'offline') {
  let order = anOrder({ status: 'PAID', statusLabel: 'Оплачен' });
  const posts: Sent[] = [];
  const api = fakeApi({ 'GET /api/user/orders/42': () => json(anOrderDetail(order)) });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/user/orders/42/files') {
      const headers = new Headers(init?.headers);
      const form = init?.body as unknown as RecordedForm;
      const sent: Sent = {
        key: headers.get('idempotency-key'),
        authorization: headers.get('authorization'),
        names: form.getAll('files').map((file) => file.name as string),
      };
      posts.push(sent);
      const outcome = answer(sent);
      if (outcome === 'offline') throw new TypeError('Failed to fetch');
      if (outcome.ok) {
        order = {
          ...order,
          files: [
            ...order.files,
            ...sent.names.map((name, i) => ({
              id: `00000000-0000-4000-8000-00000000000${i}`,
              name,
              size: 12,
              type: 'application/pdf',
              url: `/api/files/00000000-0000-4000-8000-00000000000${i}`,
              addedAt: '2026-11-21T09:30:00.000Z',
              addedByEmail: 'anna@example.ru',
            })),
          ],
        };
      }
      return outcome;
    }
    return api(new Request(url, init));
  });
  return { api, posts };
}

const accepted = () => json(anOrderDetail(anOrder()), 201);

function choose(...names: string[]) {
  const input = screen.getByLabelText('Сканы или фотографии документов') as HTMLInputElement;
  const files = names.map((name) => new File(['%PDF-1.4'], name, { type: 'application/pdf' }));
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

const filesRegion = () => screen.getByRole('region', { name: 'Файлы' });

describe('files added to a placed order from the cabinet', () => {
  it('go to the server at once when online, with a key, and show in the list with when they were added', async () => {
    const { api, posts } = cabinetServer(() => accepted());
    renderApp('/cabinet/orders/42', api);
    await screen.findByRole('heading', { name: 'Добавить файлы' });
    choose('Паспорт стр 2.pdf');
    expect(plain(filesRegion().textContent)).toContain('Паспорт стр 2.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить файлы' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ names: ['Паспорт стр 2.pdf'], authorization: `Bearer ${TEST_TOKEN}` });
    expect(posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(plain(filesRegion().textContent)).toContain('Паспорт стр 2.pdf (12 Байт) — добавлен'),
    );
    expect(within(filesRegion()).getByRole('button', { name: 'Паспорт стр 2.pdf' })).toBeTruthy();
  });

  it('chosen offline wait on the device, are shown, and are sent once when the network is back', async () => {
    let online = false;
    const { api, posts } = cabinetServer(() => (online ? accepted() : 'offline'));
    const { db } = renderApp('/cabinet/orders/42', api);
    await screen.findByRole('heading', { name: 'Добавить файлы' });
    choose('scan-1.pdf', 'scan-2.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить файлы' }));
    await waitFor(() =>
      expect(plain(screen.getByText(/Ждут отправки/).closest('[role="status"]')?.textContent)).toContain(
        'Ждут отправки: scan-1.pdf, scan-2.pdf — нет связи, отправим, когда она появится',
      ),
    );
    const [entry] = (await db.outbox.toArray()).filter(isOrderFiles);
    expect(entry?.status).toBe('pending');

    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Отправить сейчас' }));
    await waitFor(() =>
      expect(plain(filesRegion().textContent)).toContain('scan-2.pdf (12 Байт) — добавлен'),
    );
    expect(screen.queryByText(/Ждут отправки/)).toBeNull();
    expect(posts).toHaveLength(2);
    expect(new Set(posts.map((post) => post.key)).size).toBe(1);
  });

  it("refused because the work started meanwhile: the server's reason shows until read", async () => {
    const reason =
      'Бюро уже начало работу над заказом (статус «В работе у переводчика»): добавить файлы нельзя. Напишите менеджеру, если нужно что-то изменить.';
    const { api } = cabinetServer(() => json({ code: 'CONFLICT', message: reason }, 409));
    renderApp('/cabinet/orders/42', api);
    await screen.findByRole('heading', { name: 'Добавить файлы' });
    choose('late.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить файлы' }));
    const alert = await within(filesRegion()).findByRole('alert');
    expect(plain(alert.textContent)).toContain('Файлы не приняты: late.pdf');
    expect(plain(alert.textContent)).toContain(reason);
    fireEvent.click(within(alert).getByRole('button', { name: 'Понятно' }));
    await waitFor(() => expect(within(filesRegion()).queryByRole('alert')).toBeNull());
  });

  it('asks to choose a file first, in the summary and beside the field', async () => {
    const { api } = cabinetServer(() => accepted());
    renderApp('/cabinet/orders/42', api);
    await screen.findByRole('heading', { name: 'Добавить файлы' });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить файлы' }));
    const summary = await screen.findByRole('alert', { name: 'Есть ошибки' });
    expect(within(summary).getByRole('link', { name: 'Выберите хотя бы один файл' })).toBeTruthy();
    expect(screen.getAllByText('Выберите хотя бы один файл').length).toBe(2);
    choose('a.pdf');
    expect(screen.queryByText('Выберите хотя бы один файл')).toBeNull();
  });

  it('is not offered once the bureau started the work', async () => {
    const started = anOrder({
      status: 'IN_TRANSLATION',
      statusLabel: 'В работе у переводчика',
      actions: { canPay: false, canCancel: false, canRepeat: true, canAddFiles: false, canChange: false },
    });
    renderApp('/cabinet/orders/42', fakeApi({ 'GET /api/user/orders/42': anOrderDetail(started) }));
    await screen.findByRole('region', { name: 'Файлы' });
    expect(screen.queryByRole('heading', { name: 'Добавить файлы' })).toBeNull();
  });
});
