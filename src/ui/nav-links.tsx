/** A labelled list of links of one area; the link of the current page is marked aria-current. */
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import * as styles from './nav-links.css';

export interface NavItem {
  to: LinkProps['to'];
  label: string;
  /** Shown after the label inside the link, e.g. an unread count. */
  badge?: ReactNode;
}

export interface NavLinksProps {
  label: string;
  items: readonly NavItem[];
  tone?: 'onBrand' | 'onSurface';
  direction?: 'row' | 'column' | 'responsive';
}

export function NavLinks({ label, items, tone = 'onBrand', direction = 'row' }: NavLinksProps) {
  return (
    <nav aria-label={label}>
      <ul className={styles.list[direction]}>
        {items.map((item) => (
          <li key={String(item.to)}>
            <Link to={item.to} className={styles.link[tone]}>
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
