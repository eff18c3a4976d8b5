import { describe, expect, it } from 'vitest';
import {
  allowedTransitions,
  CUSTOMER_CANCELLABLE,
  canTransition,
  isActDue,
  isCancellableByCustomer,
  isPayable,
  isPriceEditable,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  partnerMoves,
  TERMINAL,
  takesDocuments,
  waitsForPickup,
} from './order-status';

const where = (rule: (status: OrderStatus) => boolean) => ORDER_STATUSES.filter(rule);

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

  it('lets a partner receive an order on its way and hand over one waiting at the point, nothing else', () => {
    expect(partnerMoves('IN_DELIVERY')).toEqual(['AT_PICKUP_POINT']);
    expect(partnerMoves('AT_PICKUP_POINT')).toEqual(['COMPLETED']);
    expect(ORDER_STATUSES.filter((status) => partnerMoves(status).length > 0)).toEqual([
      'IN_DELIVERY',
      'AT_PICKUP_POINT',
    ]);
  });
});

describe('rules that hang on the status', () => {
  it('lets the customer cancel and the staff edit the price only before payment', () => {
    expect(where(isCancellableByCustomer)).toEqual(['NEW', 'AWAITING_PAYMENT']);
    expect(where(isPriceEditable)).toEqual(['NEW', 'AWAITING_PAYMENT']);
  });

  it('asks for payment only once the manager has confirmed the price', () => {
    expect(where(isPayable)).toEqual(['AWAITING_PAYMENT']);
  });

  it('makes a company’s act due once the translation is ready, and no documents for a cancelled order', () => {
    expect(where(isActDue)).toEqual(['READY', 'IN_DELIVERY', 'AT_PICKUP_POINT', 'COMPLETED']);
    expect(ORDER_STATUSES.filter((status) => !takesDocuments(status))).toEqual(['CANCELLED']);
  });

  it('has the translation wait at the pickup point, or at the office as soon as it is ready', () => {
    expect(waitsForPickup('AT_PICKUP_POINT', 'PICKUP_POINT')).toBe(true);
    expect(waitsForPickup('READY', 'OFFICE')).toBe(true);
    expect(waitsForPickup('READY', 'PICKUP_POINT')).toBe(false);
    expect(waitsForPickup('READY', 'COURIER')).toBe(false);
    expect(waitsForPickup('IN_DELIVERY', 'OFFICE')).toBe(false);
  });
});
