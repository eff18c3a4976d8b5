// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../api/schema.gen';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { EverythingOnScreen } from '../../testing/on-screen';
import { renderApp, signInAs, TEST_TOKEN } from '../../testing/render-app';
import { anOrder, anOrderDetail } from './test-fixtures';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
configure({ asyncUtilTimeout: 5000 });

type Message = components['schemas']['OrderMessage'];

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The multipart body as the outbox builds it (happy-dom's FormData refuses the stored Blobs). */
class RecordedForm {
  readonly parts: { name: string; value: unknown }[] = [];
  append(name: string, value: unknown) {
    this.parts.push({ name, value });
  }
  get(name: string) {
    return this.parts.find((part) => part.name === name)?.value;
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

const QUESTION: Message = {
  id: 7,
  side: 'BUREAU',
  text: 'Уточните, пожалуйста, написание фамилии латиницей: как в загранпаспорте?',
  files: [],
  createdAt: '2026-11-21T09:00:00.000Z',
  readAt: null,
  authorEmail: null,
};

/**
 * The cabinet's server: the order, its thread, the read call and POST …/messages through the
 * page's own fetch (the outbox sends with it). `network` decides whether a POST gets through.
 */
function cabinetServer(network: { up: boolean }, given: Message[] = [QUESTION]) {
  const messages = given.map((message) => ({ ...message }));
  const thread = () => ({
    orderId: 42,
    messages,
    unread: messages.filter((m) => m.side === 'BUREAU' && m.readAt === null).length,
  });
  const posts: { key: string | null; authorization: string | null; text: unknown }[] = [];
  const api = fakeApi({
    'GET /api/user/orders/42': anOrderDetail(
      anOrder({
        status: 'READY',
        statusLabel: 'Готов',
        unreadMessages: 1,
        results: [
          {
            id: 3,
            name: 'Перевод паспорта.pdf',
            size: 204800,
            type: 'application/pdf',
            url: '/api/files/5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
            note: 'Оригинал с печатью нотариуса — в пункте выдачи',
            addedAt: '2026-11-21T08:00:00.000Z',
            addedByEmail: null,
          },
        ],
      }),
    ),
    'GET /api/user/orders/42/messages': () => json(thread()),
    'POST /api/user/orders/42/messages/read': async (request: Request) => {
      const { upToId } = (await request.json()) as { upToId: number };
      for (const m of messages)
        if (m.side === 'BUREAU' && m.id <= upToId) m.readAt = '2026-11-21T09:05:00.000Z';
      return json(thread());
    },
  });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/user/orders/42/messages' && init?.method === 'POST') {
      if (!network.up) throw new TypeError('Failed to fetch');
      const headers = new Headers(init.headers);
      const form = init.body as unknown as RecordedForm;
      posts.push({
        key: headers.get('idempotency-key'),
        authorization: headers.get('authorization'),
        text: form.get('text'),
      });
      const message: Message = {
        id: 100 + posts.length,
        side: 'CUSTOMER',
        text: String(form.get('text')),
        files: [],
        createdAt: '2026-11-21T09:10:00.000Z',
        readAt: null,
        authorEmail: null,
      };
      messages.push(message);
      return json({ message, thread: thread() }, 201);
    }
    return api(new Request(url, init));
  });
  return { api, posts };
}

const conversation = () => screen.getByRole('region', { name: 'Переписка' });

describe("the cabinet order's finished translation and conversation", () => {
  it('shows the translation to download with the bureau’s note, and the bureau’s question as new, then read', async () => {
    vi.stubGlobal('IntersectionObserver', EverythingOnScreen);
    const { api } = cabinetServer({ up: true });
    renderApp('/cabinet/orders/42', api);
    const results = await screen.findByRole('region', { name: 'Готовый перевод' });
    expect(within(results).getByRole('button', { name: 'Перевод паспорта.pdf' })).toBeTruthy();
    expect(plain(results.textContent)).toContain('Оригинал с печатью нотариуса — в пункте выдачи');
    await within(conversation()).findByText(QUESTION.text);
    expect(within(conversation()).getByText('Новые сообщения')).toBeTruthy();
    expect(plain(conversation().textContent)).toContain('Бюро переводов');
    expect(
      screen.getByRole('link', { name: 'Переписка: 1 новое сообщение от бюро' }).getAttribute('href'),
    ).toBe('#order-messages');
    // On the screen of a visible, online page: the question is marked read.
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/user/orders/42/messages/read')?.body).toEqual({
        upToId: 7,
      }),
    );
    await waitFor(() => expect(screen.getByRole('link', { name: 'Написать менеджеру' })).toBeTruthy());
  });

  it('leaves the question unread while the conversation is not on the screen (the mail may still go)', async () => {
    const { api } = cabinetServer({ up: true });
    renderApp('/cabinet/orders/42', api);
    await within(await screen.findByRole('region', { name: 'Переписка' })).findByText(QUESTION.text);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.calls.some((call) => call.path === '/api/user/orders/42/messages/read')).toBe(false);
    expect(screen.getByRole('link', { name: 'Переписка: 1 новое сообщение от бюро' })).toBeTruthy();
  });

  it('asks for a text or a file before sending, GOV.UK style, and the message clears once the text is typed', async () => {
    const { api } = cabinetServer({ up: true }, []);
    renderApp('/cabinet/orders/42', api);
    await within(await screen.findByRole('region', { name: 'Переписка' })).findByText(/Сообщений пока нет/);
    fireEvent.click(within(conversation()).getByRole('button', { name: 'Отправить' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Напишите сообщение или приложите файл' })).toBeTruthy();
    const field = within(conversation()).getByLabelText('Ваше сообщение');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'Можно забрать в субботу?' } });
    expect(
      within(conversation()).queryByText('Напишите сообщение или приложите файл', { selector: 'p' }),
    ).toBeNull();
  });

  it('written offline shows as «ждёт сети» and is sent once, with its key, when the network is back', async () => {
    const network = { up: false };
    const { api, posts } = cabinetServer(network, []);
    renderApp('/cabinet/orders/42', api);
    const field = await within(await screen.findByRole('region', { name: 'Переписка' })).findByLabelText(
      'Ваше сообщение',
    );
    fireEvent.change(field, { target: { value: 'Можно забрать перевод в субботу?' } });
    fireEvent.click(within(conversation()).getByRole('button', { name: 'Отправить' }));
    await within(conversation()).findByText('ждёт сети');
    expect(plain(conversation().textContent)).toContain('Можно забрать перевод в субботу?');
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));

    network.up = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      text: 'Можно забрать перевод в субботу?',
      authorization: `Bearer ${TEST_TOKEN}`,
    });
    expect(posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    // Read back from the server: delivered, no longer waiting, and not sent again.
    await within(conversation()).findByText('доставлено');
    expect(within(conversation()).queryByText('ждёт сети')).toBeNull();
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(posts).toHaveLength(1);
  });
});
