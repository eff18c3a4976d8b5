import { describe, expect, it } from 'vitest';
import {
  allowedTransitions,
  CUSTOMER_CANCELLABLE,
  canTransition,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  TERMINAL,
} from './order-status';

describe('order status machine', () => {
  it('labels every status in Russian', () => {
    for (const status of ORDER_STATUSES) {
      expect(ORDER_STATUS_LABELS[status]).toMatch(/[А-Яа-яЁё]/);
    }
  });

  it('lets staff walk an order from NEW to COMPLETED through payment, work and notarisation', () => {
    const path = ['NEW', 'AWAITING_PAYMENT', 'PAID', 'IN_TRANSLATION', 'NOTARIZATION', 'READY'] as const;
    for (const [i, to] of path.slice(1).entries()) {
      expect(canTransition(path[i] ?? 'NEW', to, 'MANAGER')).toBe(true);
    }
    expect(canTransition('READY', 'IN_DELIVERY', 'ADMIN')).toBe(true);
    expect(canTransition('IN_DELIVERY', 'AT_PICKUP_POINT', 'ADMIN')).toBe(true);
    expect(canTransition('AT_PICKUP_POINT', 'COMPLETED', 'ADMIN')).toBe(true);
  });

  it('never leaves a finished or cancelled order', () => {
    for (const status of TERMINAL) {
      for (const role of ['ADMIN', 'MANAGER', 'PARTNER', 'USER'] as const) {
        expect(allowedTransitions(status, role)).toEqual([]);
      }
    }
  });

  it('does not skip payment: a new order cannot be marked paid or ready directly', () => {
    expect(canTransition('NEW', 'PAID', 'ADMIN')).toBe(false);
    expect(canTransition('NEW', 'READY', 'ADMIN')).toBe(false);
  });

  it('lets a partner only receive and hand over orders at the pickup point', () => {
    expect(canTransition('IN_DELIVERY', 'AT_PICKUP_POINT', 'PARTNER')).toBe(true);
    expect(canTransition('AT_PICKUP_POINT', 'COMPLETED', 'PARTNER')).toBe(true);
    expect(canTransition('NEW', 'CANCELLED', 'PARTNER')).toBe(false);
    expect(canTransition('PAID', 'IN_TRANSLATION', 'PARTNER')).toBe(false);
  });

  it('lets a customer cancel only before payment', () => {
    expect(CUSTOMER_CANCELLABLE).toEqual(['NEW', 'AWAITING_PAYMENT']);
    expect(canTransition('AWAITING_PAYMENT', 'CANCELLED', 'USER')).toBe(true);
    expect(canTransition('PAID', 'CANCELLED', 'USER')).toBe(false);
    expect(canTransition('NEW', 'AWAITING_PAYMENT', 'USER')).toBe(false);
  });
});
