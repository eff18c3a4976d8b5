import type { components } from '../../api/schema.gen';

/** A row of GET /api/order/partner: what a pickup counter sees of an order. */
export type PartnerOrder = components['schemas']['PartnerOrder'];
