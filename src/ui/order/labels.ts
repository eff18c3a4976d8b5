/** Russian names of an order's delivery and payer types, as the contract describes them. */
import type { components } from '../../api/schema.gen';

export const DELIVERY_LABELS: Record<components['schemas']['DeliveryCode'], string> = {
  OFFICE: 'Самовывоз из офиса',
  PICKUP_POINT: 'Пункт выдачи',
  COURIER: 'Курьер',
};

export const PAYER_LABELS: Record<components['schemas']['PayerType'], string> = {
  INDIVIDUAL: 'Физическое лицо',
  LEGAL: 'Организация',
};
