/**
 * The back office's side menu per role (docs/roles-and-access.md): ADMIN all items; MANAGER Заявки,
 * Monitoring and Push; PARTNER only its orders. Everyone with a role also gets the personal
 * cabinet. With no role the menu is unavailable; a role outside the three, or one with no items,
 * says so.
 */
import { isStaffRole, type StaffRole } from '../../domain/roles';

export interface MenuItem {
  to: string;
  label: string;
}

interface RoleItem extends MenuItem {
  roles: readonly StaffRole[];
}

const MANAGERS: readonly StaffRole[] = ['ADMIN', 'MANAGER'];
const ADMIN: readonly StaffRole[] = ['ADMIN'];

export const BACKOFFICE_MENU: readonly RoleItem[] = [
  { to: '/crm/home', label: 'Заявки', roles: MANAGERS },
  { to: '/crm/mine', label: 'Мои заказы', roles: MANAGERS },
  { to: '/crm/stats', label: 'Статистика', roles: ADMIN },
  { to: '/crm/monitoring', label: 'Мониторинг', roles: MANAGERS },
  { to: '/crm/users', label: 'Пользователи', roles: ADMIN },
  { to: '/crm/partner', label: 'Партнёры', roles: ADMIN },
  { to: '/crm/tariffs', label: 'Тарифы', roles: ADMIN },
  { to: '/crm/offices', label: 'Офисы', roles: ADMIN },
  { to: '/crm/form-settings', label: 'Настройки формы', roles: ADMIN },
  { to: '/crm/documents', label: 'Документы для клиентов', roles: ADMIN },
  { to: '/crm/push-notifications', label: 'Push-уведомления', roles: MANAGERS },
  { to: '/crm/orders', label: 'Заказы', roles: ['PARTNER'] },
];

export const CABINET_LINK: MenuItem = { to: '/cabinet/orders', label: 'Личный кабинет' };
export const NO_ROLE_NOTICE = 'Роль не определена, меню недоступно';
export const NO_ITEMS_NOTICE = 'Нет пунктов меню для роли';

export interface BackofficeMenu {
  items: readonly MenuItem[];
  notice: string | null;
}

export function backofficeMenu(role: string | null | undefined): BackofficeMenu {
  if (!role) return { items: [], notice: NO_ROLE_NOTICE };
  const items = isStaffRole(role) ? BACKOFFICE_MENU.filter((item) => item.roles.includes(role)) : [];
  const own = items.map(({ to, label }) => ({ to, label }));
  return { items: [...own, CABINET_LINK], notice: own.length === 0 ? NO_ITEMS_NOTICE : null };
}

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The menu item of the page, marked in the menu: the longest matching path prefix. An order card
 * (/crm/orders/{id}) is opened from Заявки, so for staff whose menu has no Заказы it marks Заявки.
 */
export function activeMenuItem(items: readonly MenuItem[], pathname: string): MenuItem | undefined {
  const own = items.filter((item) => under(pathname, item.to)).sort((a, b) => b.to.length - a.to.length)[0];
  if (own || !under(pathname, '/crm/orders')) return own;
  return items.find((item) => item.to === '/crm/home');
}
