// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs } from '../../testing/render-app';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const OPERATOR = {
  name: 'ООО «Бюро переводов „Слово“»',
  inn: '7707083893',
  address: '115035, г. Москва, ул. Садовническая, д. 5',
  contact: 'privacy@slovo.ru',
};

const version = (n: number, body: string, consents: number) => ({
  version: n,
  title: 'Согласие на обработку персональных данных',
  body,
  publishedAt: `2026-11-${10 + n}T09:00:00.000Z`,
  publishedBy: n === 1 ? null : 'admin@slovo.ru',
  consents,
});

const DOCUMENTS = {
  operator: OPERATOR,
  documents: [
    {
      kind: 'consent',
      versions: [
        version(2, 'Я даю согласие {{operatorName}}.\n\n## Цели\n- заказ перевода', 12),
        version(1, 'Первая', 40),
      ],
    },
    { kind: 'privacy', versions: [{ ...version(1, 'Политика {{operatorName}}', 0), title: 'Политика' }] },
    { kind: 'offer', versions: [{ ...version(1, 'Оферта', 0), title: 'Публичная оферта' }] },
  ],
};

function server() {
  let documents = DOCUMENTS;
  return fakeApi({
    'GET /api/admin/legal': () => json(documents),
    'PUT /api/admin/legal/operator': async (request: Request) => json(await request.json()),
    'POST /api/admin/legal/consent': async (request: Request) => {
      const body = (await request.json()) as { title: string; body: string };
      const consent = DOCUMENTS.documents[0] as (typeof DOCUMENTS.documents)[number];
      documents = {
        ...DOCUMENTS,
        documents: [
          {
            kind: 'consent',
            versions: [{ ...version(3, body.body, 0), title: body.title }, ...consent.versions],
          },
          ...DOCUMENTS.documents.slice(1),
        ],
      };
      return json(documents);
    },
  });
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ');

describe('the customer documents screen', () => {
  it('shows the operator and each document with the version in force, its consents and earlier versions', async () => {
    signInAs('crm', 'ADMIN');
    renderApp('/crm/documents', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Документы для клиентов' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Документы для клиентов — Бюро переводов'));
    expect(((await screen.findByLabelText('ИНН')) as HTMLInputElement).value).toBe('7707083893');
    const consent = screen.getByRole('region', { name: 'Согласие на обработку персональных данных' });
    expect(plain(consent.textContent)).toContain('Действует редакция № 2 от 12 нояб. 2026 г. · согласий: 12');
    expect(within(consent).getByRole('link', { name: 'открыть на сайте' }).getAttribute('href')).toBe(
      '/consent',
    );
    expect(plain(consent.textContent)).toContain('Редакция № 1 от');
    expect(plain(consent.textContent)).toContain('согласий: 40');
    // The text as the consents agreed to it, placeholders unfilled, headings under the section's.
    expect(within(consent).getByRole('heading', { level: 4, name: 'Цели' })).toBeTruthy();
    const privacy = screen.getByRole('region', { name: 'Политика обработки персональных данных' });
    expect(plain(privacy.textContent)).toContain('согласий нет');
  });

  it('checks the operator the GOV.UK way, clears a message once fixed, and saves the details', async () => {
    signInAs('crm', 'ADMIN');
    const api = server();
    renderApp('/crm/documents', api);
    const name = await screen.findByLabelText('Название организации или ИП');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('ИНН'), { target: { value: '7707083894' } });
    fireEvent.change(screen.getByLabelText('Email для обращений о персональных данных'), {
      target: { value: 'по телефону' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить реквизиты' }));
    const summary = await screen.findByRole('alert', { name: 'Есть ошибки' });
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Введите название организации или ИП', '#legal-operator-name'],
      [
        'Проверьте ИНН: 10 цифр для организации или 12 для ИП, с верной контрольной суммой',
        '#legal-operator-inn',
      ],
      [
        'Введите email в формате name@example.ru для обращений о персональных данных',
        '#legal-operator-contact',
      ],
    ]);
    // Beside the field too, and gone once the field is right.
    expect(screen.getByLabelText('ИНН').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('ИНН'), { target: { value: '7707083893' } });
    expect(screen.getByLabelText('ИНН').getAttribute('aria-invalid')).toBeNull();
    expect(within(summary).queryByText(/Проверьте ИНН/)).toBeNull();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);

    fireEvent.change(name, { target: { value: 'ООО «Лингва»' } });
    fireEvent.change(screen.getByLabelText('Email для обращений о персональных данных'), {
      target: { value: 'privacy@lingva.ru' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить реквизиты' }));
    expect(await screen.findByText('Реквизиты сохранены: документы на сайте уже показывают их')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...OPERATOR,
      name: 'ООО «Лингва»',
      contact: 'privacy@lingva.ru',
    });
  });

  it('publishes a new version only when it differs and its placeholders are known, after asking', async () => {
    signInAs('crm', 'ADMIN');
    const api = server();
    renderApp('/crm/documents', api);
    const consent = await screen.findByRole('region', { name: 'Согласие на обработку персональных данных' });
    fireEvent.click(within(consent).getByRole('button', { name: 'Новая редакция' }));
    const editor = within(consent).getByRole('form', { name: 'Новая редакция № 3' });
    const text = within(editor).getByLabelText('Текст') as HTMLTextAreaElement;
    expect(text.value).toBe('Я даю согласие {{operatorName}}.\n\n## Цели\n- заказ перевода');
    const publish = within(editor).getByRole('button', { name: 'Опубликовать редакцию № 3' });
    fireEvent.click(publish);
    expect(await within(editor).findAllByText(/совпадают с редакцией № 2/)).toHaveLength(2);

    fireEvent.change(text, { target: { value: 'Я даю согласие {{operatorNam}}.' } });
    fireEvent.click(publish);
    expect((await within(editor).findAllByText(/Неизвестная подстановка \{\{operatorNam\}\}/)).length).toBe(
      2,
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(text, { target: { value: 'Я даю согласие {{operatorName}} на обработку.' } });
    fireEvent.click(publish);
    const dialog = await screen.findByRole('dialog', { name: 'Опубликовать редакцию № 3?' });
    expect(dialog.textContent).toContain('прежние — на ту редакцию, с которой согласились');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Опубликовать' }));
    expect(
      await screen.findByText('Опубликована редакция № 3: новые согласия будут ссылаться на неё'),
    ).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Согласие на обработку персональных данных',
      body: 'Я даю согласие {{operatorName}} на обработку.',
    });
    await waitFor(() =>
      expect(plain(consent.textContent)).toContain(
        'Действует редакция № 3 от 13 нояб. 2026 г. · согласий нет',
      ),
    );
  });
});
