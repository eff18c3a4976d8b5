/**
 * The chosen pickup point in full, under the map: name, opening hours, address, metro with its
 * line colour, how to find the entrance («Как найти», as the partner wrote it) and photos. The same card whether the point was chosen on the map or in the list.
 */
import { MetroLine } from './metro-line';
import * as styles from './pickup-map.css';
import type { PickupPoint } from './point-search';

const MAX_PHOTOS = 4;

export function ChosenPointCard({ point }: { point: PickupPoint }) {
  const photos = point.photos.slice(0, MAX_PHOTOS);
  return (
    <section className={styles.chosen} aria-labelledby="chosen-point-title" data-chosen-point={point.id}>
      <h3 id="chosen-point-title" className={styles.chosenTitle}>
        Выбран пункт: {point.name}
      </h3>
      <span>{point.address}</span>
      {point.metro ? <MetroLine metro={point.metro} colour={point.metroColor} /> : null}
      <span>Часы работы: {point.schedule}</span>
      {point.description ? <span className={styles.howToFind}>Как найти: {point.description}</span> : null}
      {photos.length > 0 ? (
        <ul className={styles.photos} aria-label="Фотографии пункта">
          {photos.map((url, index) => (
            <li key={url}>
              <img
                className={styles.photo}
                src={url}
                alt={`${point.name}, фото ${index + 1} из ${photos.length}`}
                loading="lazy"
                width={120}
                height={88}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
