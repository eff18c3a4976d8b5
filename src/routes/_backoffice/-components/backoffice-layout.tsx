/**
 * The back office's frame: the side menu of the staff role (spec 2, 6), the header with the
 * user's email and «Выйти», and the mobile bottom bar.
 */
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { storedSessionFacts } from '../../../api/tokens';
import { BottomBar } from '../../../features/navigation/bottom-bar';
import { bottomBarTabs } from '../../../features/navigation/bottom-bar-rules';
import { SessionHeader } from '../../../features/navigation/session-header';
import { SideMenu } from '../../../features/navigation/side-menu';
import { hasStaffAccess, staffHome } from '../../../features/session/guards';
import { staffSide } from '../../../features/session/session-sides';
import { useSession, useSessions } from '../../../features/session/use-session';
import { OnlineIndicator } from '../../../features/shell/online-indicator';
import { AppLayout, brandClassName } from '../../../ui/app-layout';
import { NavLinks, sidebarClassName } from '../../../ui/nav-links';

export function BackofficeLayout({ children }: { children: ReactNode }) {
  const sessions = useSessions();
  const { user } = useSession('crm');
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const staff = staffSide(sessions);
  const tabs = bottomBarTabs({ pathname, ...storedSessionFacts(sessions.store) });
  const logout = async () => {
    await sessions.crm.logout();
    await navigate({ to: '/login' });
  };
  return (
    <AppLayout
      areaName="Бэк-офис"
      brand={
        <Link to={hasStaffAccess(staff) ? staffHome(staff.role) : '/crm/home'} className={brandClassName}>
          Бюро переводов
        </Link>
      }
      nav={
        <>
          {staff.role === 'PARTNER' ? null : (
            <NavLinks label="Профиль" items={[{ to: '/profile', label: 'Профиль' }]} />
          )}
          <SessionHeader email={user?.email ?? null} onLogout={logout} />
        </>
      }
      status={<OnlineIndicator />}
      sidebar={
        <div className={sidebarClassName}>
          <SideMenu role={staff.role} />
        </div>
      }
      bottomBar={tabs.length > 0 ? <BottomBar tabs={tabs} pathname={pathname} /> : null}
    >
      {children}
    </AppLayout>
  );
}
