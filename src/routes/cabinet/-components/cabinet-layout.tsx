/**
 * The customer cabinet's frame (docs/back-office-screens.md): on a phone the brand with the
 * customer's email under it, «Меню» (the whole cabinet menu in a panel) and «Выйти», and the bottom
 * bar with the four tabs; from the lg breakpoint the menu is a row of links in the header beside
 * the email.
 */
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { storedSessionFacts } from '../../../api/tokens';
// Signed-in screens show stored data at once, offline too: the app database's chunk loads with
// this layout, beside the page's own chunks, not after the first render asks for it.
import '../../../db/app-db';
import { UnreadBadge } from '../../../features/cabinet/unread-badge';
import { BottomBar } from '../../../features/navigation/bottom-bar';
import { bottomBarTabs } from '../../../features/navigation/bottom-bar-rules';
import { MenuDrawer } from '../../../features/navigation/menu-drawer';
import { AreaName, SessionHeader } from '../../../features/navigation/session-header';
import { useUnreadCount } from '../../../features/push/use-unread-count';
import { useSession, useSessions } from '../../../features/session/use-session';
import { OnlineIndicator } from '../../../features/shell/online-indicator';
import { AppLayout, brandClassName, wideNavClassName } from '../../../ui/app-layout';
import { NavLinks } from '../../../ui/nav-links';

const CABINET_NAV = [
  { to: '/cabinet/orders', label: 'Заказы' },
  { to: '/order/step-1', label: 'Новый заказ' },
  { to: '/cabinet/notifications', label: 'Уведомления' },
  { to: '/cabinet/invoices', label: 'Счета' },
  { to: '/cabinet/organization', label: 'Организация' },
  { to: '/cabinet/profile', label: 'Профиль' },
] as const;

const MENU_LABEL = 'Меню личного кабинета';

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
  const email = user?.email ?? null;
  const logout = async () => {
    await sessions.cabinet.logout();
    await navigate({ to: '/cabinet-login' });
  };
  return (
    <AppLayout
      areaName={<AreaName title="Личный кабинет" email={email} profile="/cabinet/profile" />}
      brand={
        <Link to="/cabinet/orders" className={brandClassName}>
          Бюро переводов
        </Link>
      }
      nav={
        <>
          <div className={wideNavClassName}>
            <NavLinks label={MENU_LABEL} items={nav} />
          </div>
          <MenuDrawer pathname={pathname}>
            <NavLinks label={MENU_LABEL} items={nav} tone="onSurface" direction="column" />
          </MenuDrawer>
          <SessionHeader email={email} profile="/cabinet/profile" onLogout={logout} />
        </>
      }
      status={<OnlineIndicator />}
      bottomBar={tabs.length > 0 ? <BottomBar tabs={tabs} pathname={pathname} /> : null}
    >
      {children}
    </AppLayout>
  );
}
