/**
 * The customer cabinet's frame. The per-role mobile tab bar and the header's email and «Выйти»
 * come with sign-in (issue 3).
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { OnlineIndicator } from '../../../features/shell/online-indicator';
import { AppLayout, brandClassName } from '../../../ui/app-layout';
import { NavLinks } from '../../../ui/nav-links';

const CABINET_NAV = [
  { to: '/cabinet/orders', label: 'Заказы' },
  { to: '/order/step-1', label: 'Новый заказ' },
  { to: '/cabinet/notifications', label: 'Уведомления' },
  { to: '/cabinet/invoices', label: 'Счета' },
  { to: '/cabinet/organization', label: 'Организация' },
  { to: '/cabinet/profile', label: 'Профиль' },
] as const;

export function CabinetLayout({ children }: { children: ReactNode }) {
  return (
    <AppLayout
      areaName="Личный кабинет"
      brand={
        <Link to="/cabinet/orders" className={brandClassName}>
          Бюро переводов
        </Link>
      }
      nav={<NavLinks label="Меню личного кабинета" items={CABINET_NAV} />}
      status={<OnlineIndicator />}
    >
      {children}
    </AppLayout>
  );
}
