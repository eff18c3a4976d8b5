/**
 * The public area's frame: the order form, sign-in pages, helpers and the not-found page; on the
 * order form, the mobile bottom bar for a device with a session.
 */
import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { OnlineIndicator } from '../../../features/shell/online-indicator';
import { AppLayout, brandClassName } from '../../../ui/app-layout';
import { NavLinks } from '../../../ui/nav-links';
import { orderBottomBar } from './order-bottom-bar';

// On a phone only «Личный кабинет» fits beside the brand; the brand itself opens the order form.
const PUBLIC_NAV = [
  { to: '/order/step-1', label: 'Заказать перевод', tabletUp: true },
  { to: '/cabinet/orders', label: 'Личный кабинет' },
] as const;

export function PublicLayout({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <AppLayout
      brand={
        <Link to="/order/step-1" className={brandClassName}>
          Бюро переводов
        </Link>
      }
      nav={<NavLinks label="Основное меню" items={PUBLIC_NAV} />}
      status={<OnlineIndicator />}
      bottomBar={orderBottomBar(pathname)}
    >
      {children}
    </AppLayout>
  );
}
