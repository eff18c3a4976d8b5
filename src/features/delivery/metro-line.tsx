import * as styles from '../order-form/order-form.css';

/** «● м. Пушкинская» with the dot in the line's colour, as on the metro map. */
export function MetroLine({ metro, colour }: { metro: string; colour: string | null }) {
  return (
    <span className={styles.metro}>
      <span className={styles.metroDot} style={{ background: colour ?? 'currentColor' }} aria-hidden="true" />
      м. {metro}
    </span>
  );
}
