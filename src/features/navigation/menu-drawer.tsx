/**
 * An area's whole menu on phones and tablets: a «Меню» button in the header opens it in a
 * slide-over panel (focus kept inside, Escape or a press outside closes it, focus returns to the
 * button). The bottom bar holds only a few tabs, so this is how a phone reaches the rest
 * (the back office's Monitoring and Push, the cabinet's invoices and organization). Choosing an
 * item closes the panel: it is open only for the page it was opened on. Wide screens show the menu
 * in the page (beside it, or in the header) and hide this button, so a window widened past the lg
 * breakpoint closes the panel too.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { breakpoints } from '../../ui/theme.css';
import { SlideOver } from '../../ui/widgets/slide-over';
import * as styles from './menu-drawer.css';

const WIDE_SCREEN = `(min-width: ${breakpoints.lg}px)`;

export interface MenuDrawerProps {
  pathname: string;
  /** The panel's content: the area's menu, and what goes under it (the back office's support chats). */
  children: ReactNode;
}

export function MenuDrawer({ pathname, children }: MenuDrawerProps) {
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(WIDE_SCREEN);
    const closeWhenWide = () => {
      if (wide.matches) setOpenOn(null);
    };
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, [open]);
  return (
    <>
      <button
        type="button"
        className={styles.toggle}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpenOn(pathname)}
      >
        <span aria-hidden="true" className={styles.icon} />
        Меню
      </button>
      <SlideOver open={open} onOpenChange={(next) => setOpenOn(next ? pathname : null)} title="Меню">
        {children}
      </SlideOver>
    </>
  );
}
