/**
 * Where an order is collected, as facts of its «Получение» section: the office or pickup point,
 * its address, hours, metro, phone and how to find the entrance. The cabinet's order and the back office's card show the
 * same place the same way.
 */
import type { GetData } from '../../api/use-cached-query';
import { Fact } from './order-sections';
import * as styles from './order-widgets.css';

export type OrderPlace = NonNullable<GetData<'/api/user/orders/{id}'>['order']['place']>;

export function PlaceFacts({ place }: { place: OrderPlace }) {
  return (
    <>
      <Fact term={place.kind === 'OFFICE' ? 'Офис' : 'Пункт выдачи'}>{place.name}</Fact>
      <Fact term="Адрес">{place.address}</Fact>
      <Fact term="Часы работы">{place.schedule}</Fact>
      {place.metro ? (
        <Fact term="Метро">
          {place.metroColor ? (
            <span className={styles.metroDot} style={{ background: place.metroColor }} aria-hidden="true" />
          ) : null}
          {place.metro}
        </Fact>
      ) : null}
      {place.phone ? <Fact term="Телефон">{place.phone}</Fact> : null}
      {place.howToFind ? <Fact term="Как найти">{place.howToFind}</Fact> : null}
    </>
  );
}
