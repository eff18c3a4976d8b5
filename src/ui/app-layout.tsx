/**
 * The frame of every area (public, cabinet, back office): skip link, header with the brand and
 * the area's navigation, a status line (the online indicator), an optional side menu and the
 * page. The areas pass their own pieces in; this component knows none of them.
 */
import type { ReactNode } from 'react';
import * as styles from './app-layout.css';

export interface AppLayoutProps {
  /** The area's name next to the brand, e.g. «Личный кабинет». */
  areaName?: string;
  brand: ReactNode;
  nav?: ReactNode;
  status?: ReactNode;
  sidebar?: ReactNode;
  /** The mobile bottom bar, fixed under the page on small screens; leave it out when it has no tabs. */
  bottomBar?: ReactNode;
  children: ReactNode;
}

export function AppLayout({ areaName, brand, nav, status, sidebar, bottomBar, children }: AppLayoutProps) {
  return (
    <div className={bottomBar ? `${styles.shell} ${styles.withBottomBar}` : styles.shell}>
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
      <div className={sidebar ? `${styles.body} ${styles.withSidebar}` : styles.body}>
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
