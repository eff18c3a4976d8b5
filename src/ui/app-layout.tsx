/**
 * The frame of every area (public, cabinet, back office): skip link, header with the brand and
 * the area's navigation, a status line (the online indicator), an optional side menu and the
 * page. The areas pass their own pieces in; this component knows none of them.
 */
import type { ReactNode } from 'react';
import * as styles from './app-layout.css';

export interface AppLayoutProps {
  /** The line under the brand, e.g. «Личный кабинет». */
  areaName?: ReactNode;
  brand: ReactNode;
  nav?: ReactNode;
  status?: ReactNode;
  sidebar?: ReactNode;
  /** The mobile bottom bar, fixed under the page on small screens; leave it out when it has no tabs. */
  bottomBar?: ReactNode;
  /** Keeps room under the page, from tablet width, for a button floating in the corner (support). */
  cornerButton?: boolean;
  children: ReactNode;
}

function classes(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

export function AppLayout(props: AppLayoutProps) {
  const { areaName, brand, nav, status, sidebar, bottomBar, cornerButton, children } = props;
  return (
    <div className={classes(styles.shell, Boolean(bottomBar) && styles.withBottomBar)}>
      <a className={styles.skipLink} href="#main">
        Перейти к содержимому
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <div className={styles.brandBlock}>
            {brand}
            {areaName ? <span className={styles.area}>{areaName}</span> : null}
          </div>
          {nav ? <div className={styles.headerNav}>{nav}</div> : null}
        </div>
      </header>
      {status}
      <div
        className={classes(
          styles.body,
          Boolean(sidebar) && styles.withSidebar,
          cornerButton && styles.withCornerButton,
        )}
      >
        {sidebar}
        <main id="main" tabIndex={-1} className={styles.main}>
          {children}
        </main>
      </div>
      {bottomBar}
    </div>
  );
}

export const brandClassName = styles.brand;
/** Wraps an area's header menu that shows from the lg breakpoint (below it, «Меню» has it). */
export const wideNavClassName = styles.wideNav;
