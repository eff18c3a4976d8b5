/**
 * The support chats inside the phone's «Меню»: on a phone the floating support button would sit
 * over the cards' action buttons all day, so there the two messenger links live in the menu.
 */
import { type MessengerLink, MessengerLinks } from '../../../ui/widgets/support-button';
import * as styles from './backoffice-layout.css';

export function SupportChats({ links }: { links: readonly MessengerLink[] }) {
  return (
    <section className={styles.supportChats} aria-labelledby="menu-support-title">
      <h2 id="menu-support-title" className={styles.supportTitle}>
        Поддержка
      </h2>
      <MessengerLinks links={links} />
    </section>
  );
}
