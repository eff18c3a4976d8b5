/** The public area's frame: the order form, sign-in pages, helpers and the not-found page. */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { OnlineIndicator } from '../../../features/shell/online-indicator';
import { AppLayout, brandClassName } from '../../../ui/app-layout';
import { NavLinks } from '../../../ui/nav-links';

const PUBLIC_NAV = [
  { to: '/order/step-1', label: 'Заказать перевод' },
  { to: '/cabinet/orders', label: 'Личный кабинет' },
] as const;

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <AppLayout
      brand={
        <Link to="/order/step-1" className={brandClassName}>
          Бюро переводов
        </Link>
      }
      nav={<NavLinks label="Основное меню" items={PUBLIC_NAV} />}
      status={<OnlineIndicator />}
    >
      {children}
    </AppLayout>
  );
}
