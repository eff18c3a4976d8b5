/** Step 4's rules: a way to get the translation, and what that way needs (a point or an address). */

import type { components } from '../../api/schema.gen';
import type { DraftPayload } from '../../db/drafts';

type FormParams = components['schemas']['FormParams'];

export interface DeliveryProblem {
  fieldId: 'deliveryId' | 'pickupPointId' | 'address';
  message: string;
}

/** A courier needs at least a street and a house: shorter text cannot be delivered to. */
const MIN_ADDRESS_LENGTH = 5;

export function validateDelivery(payload: DraftPayload, formParams: FormParams): DeliveryProblem[] {
  const delivery = formParams.deliveries.find((d) => d.id === payload.deliveryId);
  if (!delivery) return [{ fieldId: 'deliveryId', message: 'Выберите способ получения' }];
  if (delivery.code === 'PICKUP_POINT' && !payload.pickupPointId)
    return [{ fieldId: 'pickupPointId', message: 'Выберите пункт выдачи на карте или в списке' }];
  if (delivery.code === 'COURIER') {
    const address = payload.address?.trim() ?? '';
    if (!address) return [{ fieldId: 'address', message: 'Введите адрес доставки' }];
    if (address.length < MIN_ADDRESS_LENGTH)
      return [{ fieldId: 'address', message: 'Укажите адрес полностью: город, улица, дом' }];
  }
  return [];
}
