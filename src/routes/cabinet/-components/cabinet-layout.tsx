/**
 * The customer cabinet's frame: its menu, the header with the customer's email and «Выйти», and
 * the mobile bottom bar (spec 2).
 */
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { storedSessionFacts } from '../../../api/tokens';
import { UnreadBadge } from '../../../features/cabinet/unread-badge';
import { BottomBar } from '../../../features/navigation/bottom-bar';
import { bottomBarTabs } from '../../../features/navigation/bottom-bar-rules';
import { SessionHeader } from '../../../features/navigation/session-header';
import { useUnreadCount } from '../../../features/push/use-unread-count';
import { useSession, useSessions } from '../../../features/session/use-session';
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
  const sessions = useSessions();
  const { user } = useSession('cabinet');
  useSession('crm'); // the bottom bar's back-office tab follows the staff session
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const tabs = bottomBarTabs({ pathname, ...storedSessionFacts(sessions.store) });
  const unread = useUnreadCount().unread ?? 0;
  const nav = CABINET_NAV.map((item) =>
    item.to === '/cabinet/notifications' ? { ...item, badge: <UnreadBadge count={unread} /> } : item,
  );
  const logout = async () => {
    await sessions.cabinet.logout();
    await navigate({ to: '/cabinet-login' });
  };
  return (
    <AppLayout
      areaName="Личный кабинет"
      brand={
        <Link to="/cabinet/orders" className={brandClassName}>
          Бюро переводов
        </Link>
      }
      nav={
        <>
          <NavLinks label="Меню личного кабинета" items={nav} />
          <SessionHeader email={user?.email ?? null} onLogout={logout} />
        </>
      }
      status={<OnlineIndicator />}
      bottomBar={tabs.length > 0 ? <BottomBar tabs={tabs} pathname={pathname} /> : null}
    >
      {children}
    </AppLayout>
  );
}
