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

export const STAFF_TABS: readonly StaffTab[] = [
  { to: '/crm/home', label: 'Заявки', match: '/crm/home', roles: ['ADMIN', 'MANAGER'] },
  { to: '/crm/stats', label: 'Стат', match: '/crm/stats', roles: ['ADMIN'] },
  { to: '/crm/users', label: 'Юзеры', match: '/crm/users', roles: ['ADMIN'] },
  { to: '/crm/partner', label: 'Партн', match: '/crm/partner', roles: ['ADMIN'] },
  { to: '/crm/tariffs', label: 'Тарифы', match: '/crm/tariffs', roles: ['ADMIN'] },
  { to: '/crm/orders', label: 'Заказы', match: '/crm/orders', roles: ['PARTNER'] },
];

export const CUSTOMER_TABS: readonly BottomTab[] = [
  { to: '/cabinet/orders', label: 'Заказы', match: '/cabinet/orders' },
  { to: '/order/step-1', label: 'Новый', match: '/order' },
  { to: '/cabinet/notifications', label: 'Уведомл.', match: '/cabinet/notifications' },
  { to: '/cabinet/profile', label: 'Профиль', match: '/cabinet/profile' },
];

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
