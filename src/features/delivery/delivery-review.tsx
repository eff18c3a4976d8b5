/**
 * The «Получение» line of the order's review: how the translation is received and where — the
 * office or pickup point with its address and hours, or the courier's address. From the same
 * stored lists the step's question reads, so it shows offline too.
 */
import { useCachedQuery } from '../../api/use-cached-query';
import type { DraftPayload } from '../../db/drafts';
import { formatRubles } from '../../domain/format';
import type { DeliveryChoiceProps } from './delivery-choice';
import { useActiveOffices } from './offices';

export function DeliveryReview({
  catalogue,
  values,
}: {
  catalogue: DeliveryChoiceProps['catalogue'];
  values: DraftPayload;
}) {
  const { offices } = useActiveOffices();
  const pickup = values.deliveryType === 'PICKUP_POINT';
  const points = useCachedQuery('/api/point/active', { kind: 'public', enabled: pickup });
  const delivery = catalogue.deliveries.find((d) => d.id === values.deliveryId);
  if (!delivery) return <>—</>;
  const lines = [`${delivery.type} — ${delivery.price > 0 ? formatRubles(delivery.price) : 'бесплатно'}`];
  if (delivery.code === 'OFFICE') {
    const office = offices?.find((o) => o.id === values.officeId) ?? offices?.[0];
    if (office) lines.push(office.name, office.address, `Часы работы: ${office.schedule}`);
  } else if (pickup) {
    const point = points.data?.find((p) => p.id === values.pickupPointId);
    if (point) lines.push(point.name, point.address, `Часы работы: ${point.schedule}`);
  } else if (values.address) {
    lines.push(values.address);
  }
  return <>{lines.join('\n')}</>;
}
