// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../api/schema.gen';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { EverythingOnScreen } from '../../testing/on-screen';
import { renderApp, signInAs } from '../../testing/render-app';
import { aStaffDetail, aStaffOrder } from './test-fixtures';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../ui/widgets/notices', async (original) => ({
  ...(await original<typeof import('../../ui/widgets/notices')>()),
  useNotices: () => ({ notify, dismiss: vi.fn() }),
}));
configure({ asyncUtilTimeout: 5000 });

type Result = components['schemas']['OrderResult'];
type Note = components['schemas']['OrderNote'];

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => {
  signInAs('crm', 'MANAGER');
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notify.mockReset();
});

const CUSTOMER_QUESTION = {
  id: 8,
  side: 'CUSTOMER' as const,
  text: 'Можно ли забрать перевод в субботу?',
  files: [],
  createdAt: '2026-11-21T09:00:00.000Z',
  readAt: null as string | null,
  authorEmail: 'anna@example.ru',
};

function cardServer(
  options: { status?: 'IN_TRANSLATION' | 'COMPLETED'; results?: Result[]; notes?: Note[] } = {},
) {
  let results = options.results ?? [];
  const notes = options.notes ?? [];
  const question = { ...CUSTOMER_QUESTION };
  const uploads: { key: string | null; files: string[]; note: string | null }[] = [];
  const api = fakeApi({
    'GET /api/order/42': () =>
      json(
        aStaffDetail(aStaffOrder({ status: options.status ?? 'IN_TRANSLATION', amount: 4030 }), { results }),
      ),
    'GET /api/order/42/consent': { consent: null },
    'GET /api/order/42/messages': () =>
      json({ orderId: 42, messages: [question], unread: question.readAt ? 0 : 1 }),
    'POST /api/order/42/messages/read': () => {
      question.readAt = '2026-11-21T09:30:00.000Z';
      return json({ orderId: 42, messages: [question], unread: 0 });
    },
    'GET /api/order/42/notes': () => json({ notes }),
    'POST /api/order/42/notes': async (request: Request) => {
      const { text } = (await request.json()) as { text: string };
      notes.push({
        id: notes.length + 1,
        text,
        createdAt: '2026-11-21T10:00:00.000Z',
        authorEmail: 'manager@perevod.local',
      });
      return json({ notes }, 201);
    },
    'POST /api/order/42/results': async (request: Request) => {
      const form = await request.formData();
      const files = form.getAll('files').map((file) => (file as File).name);
      const note = (form.get('note') as string | null) ?? null;
      uploads.push({ key: request.headers.get('idempotency-key'), files, note });
      results = [
        ...results,
        ...files.map((name, index) => ({
          id: 10 + index,
          name,
          size: 2048,
          type: 'application/pdf',
          url: `/api/files/00000000-0000-4000-8000-00000000001${index}`,
          note,
          addedAt: '2026-11-21T11:00:00.000Z',
          addedByEmail: 'manager@perevod.local',
        })),
      ];
      return json({ results }, 201);
    },
    'DELETE /api/order/42/results': (_request: Request, url: URL) => {
      results = results.filter((result) => String(result.id) !== url.searchParams.get('resultId'));
      return json({ results });
    },
  });
  return { api, uploads, question };
}

const A_RESULT: Result = {
  id: 3,
  name: 'Черновик перевода.pdf',
  size: 4096,
  type: 'application/pdf',
  url: '/api/files/5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  note: null,
  addedAt: '2026-11-20T11:00:00.000Z',
  addedByEmail: 'manager@perevod.local',
};

const region = (name: string) => screen.getByRole('region', { name });

describe("the office's card: the finished translation, the conversation and the notes", () => {
  it('attaches the translation with a note for the customer, under one key, and lists it', async () => {
    const { api, uploads } = cardServer();
    renderApp('/crm/orders/42', api);
    const section = await screen.findByRole('region', { name: 'Готовый перевод' });
    expect(plain(section.textContent)).toContain('Файлы перевода ещё не прикреплены.');
    fireEvent.click(within(section).getByRole('button', { name: 'Прикрепить и отправить клиенту' }));
    const summary = await within(section).findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Выберите файлы готового перевода' })).toBeTruthy();
    expect(uploads).toHaveLength(0);

    const input = within(section).getByLabelText('Файлы перевода') as HTMLInputElement;
    // A Latin name: happy-dom's multipart encoding garbles Cyrillic file names (the browser does not).
    const files = [new File(['%PDF-1.7'], 'perevod-pasporta.pdf', { type: 'application/pdf' })];
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    fireEvent.change(input);
    // A spreadsheet is not a result: refused on the device, with the uploader's message.
    const sheet = [new File(['x'], 'Смета.xlsx')];
    Object.defineProperty(input, 'files', { value: sheet, configurable: true });
    fireEvent.change(input);
    expect(within(section).getByText('Файл Смета.xlsx имеет недопустимый формат')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Комментарий для клиента (необязательно)'), {
      target: { value: 'Оригинал с печатью — в пункте выдачи' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Прикрепить и отправить клиенту' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toMatchObject({
      files: ['perevod-pasporta.pdf'],
      note: 'Оригинал с печатью — в пункте выдачи',
    });
    expect(uploads[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    await within(section).findByRole('button', { name: 'perevod-pasporta.pdf' });
    expect(
      within(section).getByText('Файл «perevod-pasporta.pdf» прикреплён: клиенту ушли уведомление и письмо'),
    ).toBeTruthy();
    expect(plain(section.textContent)).toContain('Оригинал с печатью — в пункте выдачи');
  });

  it('lists attached files with who attached them, removes one after a confirmation, and not once handed over', async () => {
    const { api } = cardServer({ results: [A_RESULT] });
    renderApp('/crm/orders/42', api);
    const section = await screen.findByRole('region', { name: 'Готовый перевод' });
    await within(section).findByRole('button', { name: 'Черновик перевода.pdf' });
    expect(plain(section.textContent)).toContain('manager@perevod.local');
    fireEvent.click(within(section).getByRole('button', { name: 'Удалить файл «Черновик перевода.pdf»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить файл «Черновик перевода.pdf»?' });
    fireEvent.click(within(dialog).getByRole('button', { name: /Да, удалить/ }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'DELETE')?.query).toBe('?resultId=3'),
    );
    await waitFor(() => expect(plain(region('Готовый перевод').textContent)).toContain('ещё не прикреплены'));
    cleanup();

    renderApp('/crm/orders/42', cardServer({ status: 'COMPLETED', results: [A_RESULT] }).api);
    const handedOver = await screen.findByRole('region', { name: 'Готовый перевод' });
    await within(handedOver).findByRole('button', { name: 'Черновик перевода.pdf' });
    expect(within(handedOver).queryByRole('button', { name: /Удалить/ })).toBeNull();
    expect(plain(handedOver.textContent)).toContain('Заказ выдан: прикреплённые файлы больше не удаляются.');
  });

  it('says the customer waits for an answer, shows the question, and marks it read once seen', async () => {
    const { api } = cardServer();
    renderApp('/crm/orders/42', api);
    expect(await screen.findByRole('link', { name: 'Клиент ждёт ответа: 1 новое сообщение' })).toBeTruthy();
    cleanup();
    // Scrolled down to the conversation.
    vi.stubGlobal('IntersectionObserver', EverythingOnScreen);
    renderApp('/crm/orders/42', api);
    const thread = await screen.findByRole('region', { name: 'Переписка с клиентом' });
    await within(thread).findByText(CUSTOMER_QUESTION.text);
    expect(within(thread).getByText('Новые сообщения')).toBeTruthy();
    expect(within(thread).getByLabelText('Сообщение клиенту')).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/order/42/messages/read')?.body).toEqual({
        upToId: 8,
      }),
    );
    // Read, but not answered: the card still says the customer waits.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Клиент ждёт ответа' })).toBeTruthy());
  });

  it('keeps notes for the staff: says the customer never sees them, asks for a text, saves one', async () => {
    const { api } = cardServer({
      notes: [
        {
          id: 1,
          text: 'Клиент просил звонить после 18:00',
          createdAt: '2026-11-20T12:00:00.000Z',
          authorEmail: 'boss@perevod.local',
        },
      ],
    });
    renderApp('/crm/orders/42', api);
    const notes = await screen.findByRole('region', { name: 'Заметки для сотрудников' });
    await within(notes).findByText('Клиент просил звонить после 18:00');
    expect(plain(notes.textContent)).toContain('клиенту и партнёру заметки не показываются');
    fireEvent.click(within(notes).getByRole('button', { name: 'Сохранить заметку' }));
    expect(within(await within(notes).findByRole('alert')).getByText('Напишите текст заметки')).toBeTruthy();
    fireEvent.change(within(notes).getByLabelText('Новая заметка'), {
      target: { value: 'Оригинал диплома у курьера' },
    });
    fireEvent.click(within(notes).getByRole('button', { name: 'Сохранить заметку' }));
    await within(notes).findByText('Оригинал диплома у курьера');
    // The form's own end, so nothing is left to run after the test.
    await within(notes).findByText('Заметка сохранена');
    expect(
      api.calls.find((call) => call.method === 'POST' && call.path === '/api/order/42/notes')?.body,
    ).toEqual({
      text: 'Оригинал диплома у курьера',
    });
  });
});
