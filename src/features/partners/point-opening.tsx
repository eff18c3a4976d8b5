/**
 * Whether customers can choose a pickup point (PATCH /api/point/status). Closing takes it off the
 * order form and the map at once, so it is asked first, in words that say so and say the way
 * back; opening again is harmless and happens on the tap. Orders already placed there stay.
 */
import { useState } from 'react';
import { button } from '../../ui/button';
import { Modal } from '../../ui/widgets/modal';
import type { PickupPoint } from './point-form';

export const CLOSE_LABEL = 'Закрыть для клиентов';
export const OPEN_LABEL = 'Открыть для клиентов';

export function PointOpening({
  point,
  disabled,
  onSwitch,
}: {
  point: PickupPoint;
  disabled: boolean;
  /** Opens or closes the point; the page says how it went. */
  onSwitch: (point: PickupPoint) => Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className={button({ tone: 'secondary' })}
        disabled={disabled}
        onClick={() => (point.isActive ? setAsking(true) : void onSwitch(point))}
      >
        {point.isActive ? CLOSE_LABEL : OPEN_LABEL}
        <span className="visually-hidden"> пункт {point.name}</span>
      </button>
      <Modal
        open={asking}
        onOpenChange={setAsking}
        title={`Закрыть пункт «${point.name}» для клиентов?`}
        description="Пункт сразу пропадёт из формы заказа и с карты: новые заказы в него оформить будет нельзя. Заказы, уже оформленные в этот пункт, останутся как были."
        actions={
          <>
            <button
              type="button"
              className={button({ tone: 'primary' })}
              onClick={() => {
                setAsking(false);
                void onSwitch(point);
              }}
            >
              Да, закрыть пункт
            </button>
            <button type="button" className={button({ tone: 'secondary' })} onClick={() => setAsking(false)}>
              Нет, оставить открытым
            </button>
          </>
        }
      >
        <p>Открыть пункт снова можно в любой момент кнопкой «{OPEN_LABEL}».</p>
      </Modal>
    </>
  );
}
