import { describe, expect, it } from 'vitest';
import { activeMenuItem, backofficeMenu, NO_ITEMS_NOTICE, NO_ROLE_NOTICE } from './menu-rules';

const paths = (role: string | null) => backofficeMenu(role).items.map((item) => item.to);

describe('back-office side menu', () => {
  it('gives ADMIN every item, then the personal cabinet', () => {
    expect(paths('ADMIN')).toEqual([
      '/crm/home',
      '/crm/mine',
      '/crm/stats',
      '/crm/monitoring',
      '/crm/users',
      '/crm/partner',
      '/crm/tariffs',
      '/crm/offices',
      '/crm/form-settings',
      '/crm/documents',
      '/crm/push-notifications',
      '/cabinet/orders',
    ]);
    expect(backofficeMenu('ADMIN').notice).toBeNull();
  });

  it('gives MANAGER Заявки, their own orders, Monitoring and Push, then the personal cabinet', () => {
    expect(backofficeMenu('MANAGER').items.map((item) => item.label)).toEqual([
      'Заявки',
      'Мои заказы',
      'Мониторинг',
      'Push-уведомления',
      'Личный кабинет',
    ]);
  });

  it('gives PARTNER only its orders, then the personal cabinet', () => {
    expect(paths('PARTNER')).toEqual(['/crm/orders', '/cabinet/orders']);
  });

  it.each([null, ''])('with no role (%j) says the menu is unavailable, and shows nothing else', (role) => {
    expect(backofficeMenu(role)).toEqual({ items: [], notice: NO_ROLE_NOTICE });
    expect(NO_ROLE_NOTICE).toBe('Роль не определена, меню недоступно');
  });

  it.each(['USER', 'SUPERVISOR'])('a role without items (%s) says so, keeping the cabinet link', (role) => {
    expect(backofficeMenu(role)).toEqual({
      items: [{ to: '/cabinet/orders', label: 'Личный кабинет' }],
      notice: NO_ITEMS_NOTICE,
    });
    expect(NO_ITEMS_NOTICE).toBe('Нет пунктов меню для роли');
  });

  it('marks the item of the page by its path prefix', () => {
    const admin = backofficeMenu('ADMIN').items;
    const active = (pathname: string) => activeMenuItem(admin, pathname)?.label;
    expect(active('/crm/home')).toBe('Заявки');
    expect(active('/crm/partner/3/points')).toBe('Партнёры');
    expect(active('/crm/monitoring/queue')).toBe('Мониторинг');
    expect(active('/crm/tariffs/2')).toBe('Тарифы');
    expect(active('/crm/stats-old')).toBeUndefined();
    expect(active('/profile')).toBeUndefined();
  });

  it('marks Заявки on an order card for staff who open cards from the list, Заказы for a partner', () => {
    expect(activeMenuItem(backofficeMenu('ADMIN').items, '/crm/orders/15')?.label).toBe('Заявки');
    expect(activeMenuItem(backofficeMenu('MANAGER').items, '/crm/orders/15')?.label).toBe('Заявки');
    expect(activeMenuItem(backofficeMenu('PARTNER').items, '/crm/orders/15')?.label).toBe('Заказы');
    expect(activeMenuItem(backofficeMenu('PARTNER').items, '/crm/orders')?.label).toBe('Заказы');
  });
});
