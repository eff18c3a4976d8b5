import { describe, expect, it } from 'vitest';
import { orderMoveFor } from './parcel-moves';

describe("a parcel's progress moves its order forward only", () => {
  it('taken in by CDEK: a ready order is handed to delivery', () => {
    expect(orderMoveFor('READY', 'RECEIVED_AT_SHIPMENT_WAREHOUSE')).toBe('IN_DELIVERY');
    expect(orderMoveFor('IN_DELIVERY', 'SENT_TO_RECIPIENT_CITY')).toBeNull();
  });

  it('at the pickup point, then handed over', () => {
    expect(orderMoveFor('IN_DELIVERY', 'ACCEPTED_AT_PICK_UP_POINT')).toBe('AT_PICKUP_POINT');
    expect(orderMoveFor('READY', 'ACCEPTED_AT_PICK_UP_POINT')).toBe('AT_PICKUP_POINT');
    expect(orderMoveFor('AT_PICKUP_POINT', 'DELIVERED')).toBe('COMPLETED');
    expect(orderMoveFor('IN_DELIVERY', 'DELIVERED')).toBe('COMPLETED');
  });

  it('never backwards, never out of a closed order, never on a status it does not know', () => {
    expect(orderMoveFor('AT_PICKUP_POINT', 'TAKEN_BY_COURIER')).toBeNull();
    expect(orderMoveFor('CANCELLED', 'DELIVERED')).toBeNull();
    expect(orderMoveFor('COMPLETED', 'DELIVERED')).toBeNull();
    expect(orderMoveFor('READY', 'CREATED')).toBeNull();
    expect(orderMoveFor('READY', 'INVALID')).toBeNull();
  });
});
