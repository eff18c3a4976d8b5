/**
 * The kinds of outbox entries, by the contract operation they send. A module of its own, with no
 * imports, so the shell can tell the kinds apart without loading the replay code on a first visit.
 */
export const ORDER_OPERATION = 'POST /api/order';
export const STATUS_OPERATION = 'PATCH /api/order/status';
export const ORDER_FILES_OPERATION = 'POST /api/user/orders/{id}/files';
