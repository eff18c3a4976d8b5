/** A pickup point as GET /api/point/active answers it, for tests: only what a test cares about is given. */
import type { PickupPoint } from './point-search';

export function pickupPoint(overrides: Partial<PickupPoint> & Pick<PickupPoint, 'id' | 'name'>): PickupPoint {
  return {
    code: null,
    schedule: 'Пн–Вс 10:00–21:00',
    address: 'Москва',
    lat: 55.75,
    lon: 37.6,
    partnerId: 1,
    description: null,
    email: null,
    phone: null,
    photos: [],
    isActive: true,
    type: 'PARTNER',
    metro: null,
    metroColor: null,
    ...overrides,
  };
}
