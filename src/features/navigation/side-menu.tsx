/** The back office's side menu for a role, or the notice that the role has none. */
import { type NavItem, NavLinks } from '../../ui/nav-links';
import * as page from '../../ui/page.css';
import { activeMenuItem, backofficeMenu } from './menu-rules';

export function SideMenu({ role, pathname }: { role: string | null; pathname: string }) {
  const { items, notice } = backofficeMenu(role);
  return (
    <>
      {notice ? (
        <p role="note" className={page.muted}>
          {notice}
        </p>
      ) : null}
      {items.length > 0 ? (
        <NavLinks
          label="Меню бэк-офиса"
          items={items as readonly NavItem[]}
          tone="onSurface"
          direction="column"
          current={activeMenuItem(items, pathname)?.to ?? null}
        />
      ) : null}
    </>
  );
}
