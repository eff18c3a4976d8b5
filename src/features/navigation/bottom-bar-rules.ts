/**
 * The mobile bottom bar (docs/back-office-screens.md, navigation): staff tabs by role on
 * back-office pages, customer tabs elsewhere (with a link to the back office for staff roles). On
 * the order form it shows only when a role or a cabinet or general token is stored. No tabs, no
 * bar. The active tab is the one whose path prefix matches the page.
 */
import type { StoredSessionFacts } from '../../api/tokens';
import { isStaffRole, type StaffRole } from '../../domain/roles';
import { barShowsOnOrderForm } from './order-form-bar';

export interface BottomTab {
  to: string;
  label: string;
  /** The path prefix that makes the tab active (the order form's tab covers all its steps). */
  match: string;
}

interface StaffTab extends BottomTab {
  roles: readonly StaffRole[];
}

/*
 * Whole words that fit a fifth of a 360 px phone (docs/decisions/0042): no «Стат», «Юзеры»,
 * «Партн». The statistics are «Отчёты» and the users «Люди» here, as their pages' first screens
 * say what they hold; «Новый заказ», not «Новый», which is also a status's name.
 */
export const STAFF_TABS: readonly StaffTab[] = [
  { to: '/crm/home', label: 'Заявки', match: '/crm/home', roles: ['ADMIN', 'MANAGER'] },
  // A manager's own orders; an ADMIN's five tabs leave no room, their list has the tab and filter.
  { to: '/crm/mine', label: 'Мои заказы', match: '/crm/mine', roles: ['MANAGER'] },
  { to: '/crm/stats', label: 'Отчёты', match: '/crm/stats', roles: ['ADMIN'] },
  { to: '/crm/users', label: 'Люди', match: '/crm/users', roles: ['ADMIN'] },
  { to: '/crm/partner', label: 'Партнёры', match: '/crm/partner', roles: ['ADMIN'] },
  { to: '/crm/tariffs', label: 'Тарифы', match: '/crm/tariffs', roles: ['ADMIN'] },
  { to: '/crm/orders', label: 'Заказы', match: '/crm/orders', roles: ['PARTNER'] },
];

export const CUSTOMER_TABS: readonly BottomTab[] = [
  { to: '/cabinet/orders', label: 'Заказы', match: '/cabinet/orders' },
  { to: '/order/step-1', label: 'Новый заказ', match: '/order' },
  { to: '/cabinet/notifications', label: 'Уведомления', match: '/cabinet/notifications' },
  { to: '/cabinet/profile', label: 'Профиль', match: '/cabinet/profile' },
];

/**
 * Where a long word may break when a fifth of the phone is too narrow for it (a staff member's
 * cabinet has five tabs): a soft hyphen, shown only when the line breaks there.
 */
export const TAB_BREAKS: Readonly<Record<string, string>> = { Уведомления: 'Уведом\u00adления' };

export const BACKOFFICE_TAB: BottomTab = { to: '/crm/home', label: 'CRM', match: '/crm' };

export interface BottomBarInput extends StoredSessionFacts {
  pathname: string;
}

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isBackofficePath(pathname: string): boolean {
  return under(pathname, '/crm') || under(pathname, '/profile');
}

export function isOrderFormPath(pathname: string): boolean {
  return under(pathname, '/order');
}

export function bottomBarTabs({ pathname, ...facts }: BottomBarInput): BottomTab[] {
  const { role } = facts;
  if (isOrderFormPath(pathname) && !barShowsOnOrderForm(facts)) return [];
  if (isBackofficePath(pathname)) {
    return STAFF_TABS.filter((tab) => isStaffRole(role) && tab.roles.includes(role)).map(
      ({ roles, ...tab }) => tab,
    );
  }
  return isStaffRole(role) ? [...CUSTOMER_TABS, BACKOFFICE_TAB] : [...CUSTOMER_TABS];
}

/** The tab of the page: the longest matching prefix, if any. */
export function activeTab(tabs: readonly BottomTab[], pathname: string): BottomTab | undefined {
  return tabs.filter((tab) => under(pathname, tab.match)).sort((a, b) => b.match.length - a.match.length)[0];
}
