/**
 * The order card's view of the contract: each type is read off the answer of getOrder, so a
 * change to StaffOrderDetail in openapi.yaml shows up here as a compile error.
 */
import type { GetData } from '../../api/use-cached-query';

export type StaffOrderDetail = GetData<'/api/order/{id}'>;
export type StaffOrder = StaffOrderDetail['order'];
export type StaffStatusChange = StaffOrderDetail['history'][number];
export type StaffFieldChange = StaffOrderDetail['changes'][number];
export type OrderCosts = NonNullable<StaffOrderDetail['costs']>;
export type StaffOrderTracking = GetData<'/api/order/{id}/tracking'>;
