import * as delivery from './delivery.css';

/** «● м. Пушкинская» with the dot in the line's colour, as on the metro map. */
export function MetroLine({ metro, colour }: { metro: string; colour: string | null }) {
  return (
    <span className={delivery.metro}>
      <span
        className={delivery.metroDot}
        style={{ background: colour ?? 'currentColor' }}
        aria-hidden="true"
      />
      м. {metro}
    </span>
  );
}
