/**
 * The back office's frame (docs/back-office-screens.md): the header with the user's email and
 * «Выйти», the side menu of the staff role (beside the page on wide screens, behind «Меню» below
 * them), the mobile bottom bar, the notices screens raise with useNotices(), and the support chats
 * (a floating button from tablet width, inside «Меню» on a phone).
 */
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { storedSessionFacts } from '../../../api/tokens';
// Signed-in screens show stored data at once, offline too: the app database's chunk loads with
// this layout, beside the page's own chunks, not after the first render asks for it.
import '../../../db/app-db';
import { BottomBar } from '../../../features/navigation/bottom-bar';
import { bottomBarTabs } from '../../../features/navigation/bottom-bar-rules';
import { MenuDrawer } from '../../../features/navigation/menu-drawer';
import { AreaName, SessionHeader } from '../../../features/navigation/session-header';
import { SideMenu } from '../../../features/navigation/side-menu';
import { hasStaffAccess, staffHome } from '../../../features/session/guards';
import { staffSide } from '../../../features/session/session-sides';
import { useSession, useSessions } from '../../../features/session/use-session';
import { OnlineIndicator } from '../../../features/shell/online-indicator';
import { AppLayout, brandClassName } from '../../../ui/app-layout';
import { sidebarClassName } from '../../../ui/nav-links';
import { ToastRegion } from '../../../ui/toast';
import { NoticesProvider, NoticeToasts } from '../../../ui/widgets/notices';
import { SupportButton } from '../../../ui/widgets/support-button';
import * as styles from './backoffice-layout.css';
import { SupportChats } from './support-chats';
import { supportLinks } from './support-links';

const SUPPORT_LINKS = supportLinks();

export function BackofficeLayout({ children }: { children: ReactNode }) {
  const sessions = useSessions();
  const { user } = useSession('crm');
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const staff = staffSide(sessions);
  const tabs = bottomBarTabs({ pathname, ...storedSessionFacts(sessions.store) });
  const email = user?.email ?? null;
  // A partner may open only its orders (docs/roles-and-access.md): its profile route would send it
  // back there.
  const profile = staff.role === 'PARTNER' ? undefined : '/profile';
  const logout = async () => {
    await sessions.crm.logout();
    await navigate({ to: '/login' });
  };
  return (
    <NoticesProvider>
      <AppLayout
        areaName={<AreaName title="Бэк-офис" email={email} profile={profile} />}
        brand={
          <Link to={hasStaffAccess(staff) ? staffHome(staff.role) : '/crm/home'} className={brandClassName}>
            Бюро переводов
          </Link>
        }
        nav={
          <>
            <MenuDrawer pathname={pathname}>
              <SideMenu role={staff.role} pathname={pathname} />
              <SupportChats links={SUPPORT_LINKS} />
            </MenuDrawer>
            <SessionHeader email={email} profile={profile} onLogout={logout} />
          </>
        }
        status={<OnlineIndicator />}
        sidebar={
          <div className={sidebarClassName}>
            <SideMenu role={staff.role} pathname={pathname} />
          </div>
        }
        bottomBar={tabs.length > 0 ? <BottomBar tabs={tabs} pathname={pathname} /> : null}
        cornerButton
      >
        {children}
      </AppLayout>
      <ToastRegion>
        <NoticeToasts />
      </ToastRegion>
      <div className={styles.floatingSupport}>
        <SupportButton links={SUPPORT_LINKS} />
      </div>
    </NoticesProvider>
  );
}
