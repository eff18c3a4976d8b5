import type { components } from '../../api/schema.gen';

/** A row of GET /api/order/partner. */
export type PartnerOrder = components['schemas']['OrderSummary'];
