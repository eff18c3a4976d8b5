import { describe, expect, it } from 'vitest';
import { activeTab, type BottomBarInput, bottomBarTabs } from './bottom-bar-rules';

const none = { role: null, hasCabinetToken: false, hasGeneralToken: false };
const tabs = (input: Partial<BottomBarInput> & { pathname: string }) =>
  bottomBarTabs({ ...none, ...input }).map((tab) => `${tab.label} ${tab.to}`);

const CUSTOMER = [
  'Заказы /cabinet/orders',
  'Новый заказ /order/step-1',
  'Уведомления /cabinet/notifications',
  'Профиль /cabinet/profile',
];

describe('mobile bottom bar', () => {
  it('labels every tab with whole words, never a cut one or a status’s name', () => {
    const labels = [
      ...bottomBarTabs({ ...none, pathname: '/crm/home', role: 'ADMIN' }),
      ...bottomBarTabs({ ...none, pathname: '/crm/orders', role: 'PARTNER' }),
      ...bottomBarTabs({ ...none, pathname: '/cabinet/orders', role: 'ADMIN', hasCabinetToken: true }),
    ].map((tab) => tab.label);
    for (const label of labels) expect(label).not.toMatch(/\.|^(Стат|Юзеры|Партн|Новый|Уведомл)$/);
  });

  it('gives each staff role its tabs on back-office pages', () => {
    expect(tabs({ pathname: '/crm/home', role: 'ADMIN' })).toEqual([
      'Заявки /crm/home',
      'Отчёты /crm/stats',
      'Люди /crm/users',
      'Партнёры /crm/partner',
      'Тарифы /crm/tariffs',
    ]);
    // A manager's own orders are a tab of their own; an ADMIN's five leave no room for it.
    expect(tabs({ pathname: '/crm/home', role: 'MANAGER' })).toEqual([
      'Заявки /crm/home',
      'Мои заказы /crm/mine',
    ]);
    expect(tabs({ pathname: '/crm/orders/3', role: 'PARTNER' })).toEqual(['Заказы /crm/orders']);
    expect(tabs({ pathname: '/profile', role: 'MANAGER' })).toEqual([
      'Заявки /crm/home',
      'Мои заказы /crm/mine',
    ]);
  });

  it('has no tabs on back-office pages without a staff role', () => {
    expect(tabs({ pathname: '/crm/home', role: 'USER', hasCabinetToken: true })).toEqual([]);
    expect(tabs({ pathname: '/crm/home' })).toEqual([]);
  });

  it('gives customer tabs in the cabinet, and a back-office link to staff roles', () => {
    expect(tabs({ pathname: '/cabinet/orders', hasCabinetToken: true })).toEqual(CUSTOMER);
    for (const role of ['ADMIN', 'MANAGER', 'PARTNER']) {
      expect(tabs({ pathname: '/cabinet/orders', role, hasCabinetToken: true })).toEqual([
        ...CUSTOMER,
        'CRM /crm/home',
      ]);
    }
    expect(tabs({ pathname: '/cabinet/orders', role: 'USER', hasCabinetToken: true })).toEqual(CUSTOMER);
  });

  it('shows on the order form only with a role or a cabinet or general token', () => {
    expect(tabs({ pathname: '/order/step-1' })).toEqual([]);
    expect(tabs({ pathname: '/order' })).toEqual([]);
    expect(tabs({ pathname: '/order/step-2', hasCabinetToken: true })).toEqual(CUSTOMER);
    expect(tabs({ pathname: '/order/step-2', hasGeneralToken: true })).toEqual(CUSTOMER);
    expect(tabs({ pathname: '/order/step-3', role: 'PARTNER' })).toEqual([...CUSTOMER, 'CRM /crm/home']);
  });

  it('marks the tab whose path prefix matches the page', () => {
    const customer = bottomBarTabs({ ...none, pathname: '/cabinet/orders/42', hasCabinetToken: true });
    expect(activeTab(customer, '/cabinet/orders/42')?.label).toBe('Заказы');
    expect(activeTab(customer, '/order/step-3')?.label).toBe('Новый заказ');
    expect(activeTab(customer, '/cabinet/invoices')).toBeUndefined();
    const staff = bottomBarTabs({ ...none, pathname: '/crm/partner/3/points', role: 'ADMIN' });
    expect(activeTab(staff, '/crm/partner/3/points')?.label).toBe('Партнёры');
    expect(activeTab(staff, '/crm/stats-old')).toBeUndefined();
  });
});
