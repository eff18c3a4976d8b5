/**
 * The back office's frame with its side menu. Until sign-in (issue 3) brings the per-role menu
 * of spec 2 and 6, the menu lists every section so each screen can be reached.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { OnlineIndicator } from '../../../features/shell/online-indicator';
import { AppLayout, brandClassName } from '../../../ui/app-layout';
import { NavLinks, sidebarClassName } from '../../../ui/nav-links';

const BACKOFFICE_NAV = [
  { to: '/crm/home', label: 'Заявки' },
  { to: '/crm/orders', label: 'Заказы' },
  { to: '/crm/stats', label: 'Статистика' },
  { to: '/crm/monitoring', label: 'Мониторинг' },
  { to: '/crm/users', label: 'Пользователи' },
  { to: '/crm/partner', label: 'Партнёры' },
  { to: '/crm/tariffs', label: 'Тарифы' },
  { to: '/crm/offices', label: 'Офисы' },
  { to: '/crm/form-settings', label: 'Настройки формы' },
  { to: '/crm/push-notifications', label: 'Push-уведомления' },
  { to: '/cabinet/orders', label: 'Личный кабинет' },
] as const;

export function BackofficeLayout({ children }: { children: ReactNode }) {
  return (
    <AppLayout
      areaName="Бэк-офис"
      brand={
        <Link to="/crm/home" className={brandClassName}>
          Бюро переводов
        </Link>
      }
      nav={<NavLinks label="Профиль" items={[{ to: '/profile', label: 'Профиль' }]} />}
      status={<OnlineIndicator />}
      sidebar={
        <div className={sidebarClassName}>
          <NavLinks label="Меню бэк-офиса" items={BACKOFFICE_NAV} tone="onSurface" direction="responsive" />
        </div>
      }
    >
      {children}
    </AppLayout>
  );
}
