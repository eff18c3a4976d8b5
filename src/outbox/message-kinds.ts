/**
 * The outbox's message kinds: a message of an order's conversation, from its customer or from the
 * office. Apart from kinds.ts, which the shell reads on every first visit: the shell never counts
 * messages, so their names stay in the replay's chunk, out of the order form's first screen.
 */
export const CUSTOMER_MESSAGE_OPERATION = 'POST /api/user/orders/{id}/messages';
export const OFFICE_MESSAGE_OPERATION = 'POST /api/order/{id}/messages';

export const isMessageOperation = (operation: string) =>
  operation === CUSTOMER_MESSAGE_OPERATION || operation === OFFICE_MESSAGE_OPERATION;
