import { describe, expect, it } from 'vitest';
import { actorText, changeValueText, timelineEntries } from './order-timeline';
import { aStaffDetail } from './test-fixtures';

describe('who made a change, as the card says it', () => {
  it('names staff by email and role', () => {
    expect(actorText({ actorEmail: 'boss@perevod.local', actorRole: 'ADMIN' })).toBe(
      'boss@perevod.local (Администратор)',
    );
    expect(actorText({ actorEmail: 'm@perevod.local', actorRole: 'MANAGER' })).toBe(
      'm@perevod.local (Менеджер)',
    );
  });

  it('gives the placing of an order to the customer and other unsigned moves to the system', () => {
    expect(actorText({ actorEmail: null, actorRole: null }, true)).toBe('Клиент');
    expect(actorText({ actorEmail: null, actorRole: null })).toBe('Система');
  });
});

describe('the order’s one timeline', () => {
  it('shows old → new values in rubles, a link as it is, and «нет» for none', () => {
    expect(changeValueText('AMOUNT', '2390.00')).toBe('2\u00a0390\u00a0₽');
    expect(changeValueText('OTHER_COST', '900.50')).toBe('900,50\u00a0₽');
    expect(changeValueText('PAYMENT_URL', null)).toBe('нет');
    expect(changeValueText('PAYMENT_URL', 'https://pay.example.ru/1')).toBe('https://pay.example.ru/1');
  });

  it('puts status moves and field changes together with who and the comment', () => {
    const { history, changes } = aStaffDetail(undefined, {
      changes: [
        {
          id: 9,
          field: 'PAYMENT_URL',
          oldValue: null,
          newValue: 'https://pay.example.ru/42',
          comment: null,
          createdAt: '2026-11-20T10:30:00.000Z',
          actorEmail: 'm@perevod.local',
          actorRole: 'MANAGER',
        },
      ],
    });
    const entries = timelineEntries(history, changes);
    expect(entries.map((entry) => [entry.title, entry.details.filter(Boolean)])).toEqual([
      ['Новый', ['Кто: anna@example.ru (Клиент)']],
      [
        'Новый → Ожидает оплаты',
        ['Кто: admin@perevod.local (Администратор)', 'Комментарий: Проверено, можно оплачивать'],
      ],
      ['Ссылка на оплату', ['нет → https://pay.example.ru/42', 'Кто: m@perevod.local (Менеджер)']],
    ]);
  });
});
