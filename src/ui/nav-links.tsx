/** A labelled list of links of one area; the link of the current page is marked aria-current. */
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import * as styles from './nav-links.css';

export interface NavItem {
  to: LinkProps['to'];
  label: string;
  /** Shown after the label inside the link, e.g. an unread count. */
  badge?: ReactNode;
  /** Left out of a phone's header, where it does not fit (another way there stays, e.g. the brand). */
  tabletUp?: boolean;
}

export interface NavLinksProps {
  label: string;
  items: readonly NavItem[];
  tone?: 'onBrand' | 'onSurface';
  direction?: 'row' | 'column';
  /**
   * The `to` of the item to mark, when the area has its own rule for it; without it the router
   * marks every link whose path the page's path starts with.
   */
  current?: string | null;
}

export function NavLinks({ label, items, tone = 'onBrand', direction = 'row', current }: NavLinksProps) {
  const ruled = current !== undefined;
  return (
    <nav aria-label={label}>
      <ul className={styles.list[direction]}>
        {items.map((item) => (
          <li key={String(item.to)} className={item.tabletUp ? styles.tabletUp : undefined}>
            <Link
              to={item.to}
              className={styles.link[tone]}
              // The router still marks an exact match itself; the area's rule agrees with it there.
              activeOptions={ruled ? { exact: true } : undefined}
              aria-current={ruled && item.to === current ? 'page' : undefined}
            >
              {item.label}
              {item.badge}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export const sidebarClassName = styles.sidebar;
