import { describe, expect, it } from 'vitest';
import { composeProblems, EMPTY_MESSAGE, IDS, sendBody } from './push-rules';

const filled = { ...EMPTY_MESSAGE, title: 'График', body: '31 декабря до 15:00' };

describe('a staff message', () => {
  it('needs a title and a text, and a link inside the app', () => {
    expect(composeProblems(EMPTY_MESSAGE)).toEqual({
      [IDS.title]: 'Введите заголовок',
      [IDS.body]: 'Введите текст сообщения',
    });
    expect(composeProblems({ ...filled, url: 'https://evil.example' })[IDS.url]).toMatch(/внутри приложения/);
    expect(composeProblems({ ...filled, url: '//evil.example' })[IDS.url]).toBeDefined();
    expect(composeProblems({ ...filled, url: '/\\evil.example' })[IDS.url]).toBeDefined();
    expect(composeProblems({ ...filled, url: '' })).toEqual({});
  });

  it('needs the role or the one recipient its audience names, and sends only that', () => {
    expect(composeProblems({ ...filled, audience: 'ROLE' })[IDS.role]).toBe('Выберите роль');
    expect(composeProblems({ ...filled, audience: 'USER' })[IDS.recipient]).toMatch(/Найдите получателя/);
    const recipient = { id: 7, email: 'anna@example.ru', name: null, role: 'USER' as const, devices: 1 };
    expect(sendBody({ ...filled, audience: 'USER', role: 'ADMIN', recipient })).toEqual({
      title: 'График',
      body: '31 декабря до 15:00',
      url: '/cabinet/notifications',
      audience: 'USER',
      role: null,
      userId: 7,
    });
  });
});
