/** The mobile bottom bar (small screens only); the tabs come from bottom-bar-rules.ts. */
import { Link, type LinkProps } from '@tanstack/react-router';
import { storedSessionFacts } from '../../api/tokens';
import * as styles from './bottom-bar.css';
import { activeTab, type BottomTab, bottomBarTabs, TAB_BREAKS } from './bottom-bar-rules';

export function BottomBar({ tabs, pathname }: { tabs: readonly BottomTab[]; pathname: string }) {
  if (tabs.length === 0) return null;
  const active = activeTab(tabs, pathname);
  return (
    <nav aria-label="Нижнее меню" className={styles.bar}>
      <ul className={styles.list}>
        {tabs.map((tab) => (
          <li key={tab.to} className={styles.item}>
            <Link
              to={tab.to as LinkProps['to']}
              className={styles.link}
              activeOptions={{ exact: true }}
              aria-current={tab === active ? 'page' : undefined}
              // A word shown with a soft hyphen is still named whole.
              aria-label={TAB_BREAKS[tab.label] ? tab.label : undefined}
            >
              {TAB_BREAKS[tab.label] ?? tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The bar of a public page, from what the device has stored (the order form loads it lazily). */
export function StoredSessionBottomBar({ pathname }: { pathname: string }) {
  return <BottomBar tabs={bottomBarTabs({ pathname, ...storedSessionFacts() })} pathname={pathname} />;
}
