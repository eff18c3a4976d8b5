/**
 * The floating support button (docs/back-office-screens.md, widgets): a round button in the bottom
 * corner that opens two links to the bureau's chats in messengers. Escape or a click anywhere
 * outside closes them; Escape gives the focus back to the button. The links come from the caller
 * (configuration), so a bureau can name its own messengers.
 *
 *   <SupportButton links={[{ label: 'Telegram', href: 'https://t.me/…' },
 *                          { label: 'WhatsApp', href: 'https://wa.me/…' }]} />
 */
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import * as styles from './support-button.css';

export interface MessengerLink {
  label: string;
  href: string;
}

export interface SupportButtonProps {
  links: readonly [MessengerLink, MessengerLink];
  /** Lifts the button above the phone's bottom bar on screens where that bar shows. */
  aboveBottomBar?: boolean;
}

export function SupportButton({ links, aboveBottomBar }: SupportButtonProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const firstLink = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!open) return;
    firstLink.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <div ref={root} className={aboveBottomBar ? `${styles.corner} ${styles.aboveBottomBar}` : styles.corner}>
      {open ? (
        <section id={panelId} className={styles.panel} aria-labelledby={`${panelId}-title`}>
          <h2 id={`${panelId}-title`} className={styles.title}>
            Напишите нам
          </h2>
          <MessengerLinks links={links} firstLinkRef={firstLink} />
        </section>
      ) : null}
      <button
        ref={toggle}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <span aria-hidden="true" className={styles.icon}>
          {open ? '×' : '?'}
        </span>
        <span className="visually-hidden">Поддержка</span>
      </button>
    </div>
  );
}

/** The chats as a list of links opening in new tabs; also used where no button floats (a menu). */
export function MessengerLinks({
  links,
  firstLinkRef,
}: {
  links: readonly MessengerLink[];
  firstLinkRef?: Ref<HTMLAnchorElement>;
}) {
  return (
    <ul className={styles.links}>
      {links.map((link, index) => (
        <li key={link.href}>
          <a
            ref={index === 0 ? firstLinkRef : undefined}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.link}
          >
            {link.label}
            <span className="visually-hidden"> (откроется в новой вкладке)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
