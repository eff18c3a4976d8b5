/** The order statuses, in their life's order (the rules on them: order-status.ts). */
export const ORDER_STATUSES = [
  'NEW',
  'AWAITING_PAYMENT',
  'PAID',
  'IN_TRANSLATION',
  'NOTARIZATION',
  'READY',
  'IN_DELIVERY',
  'AT_PICKUP_POINT',
  'COMPLETED',
  'CANCELLED',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}
