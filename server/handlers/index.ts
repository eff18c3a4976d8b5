/**
 * Every implemented operation, one folder per contract tag (TAG_FOLDERS below says where each
 * tag lives). An operation missing here is still routed and validated, and answers 501
 * NOT_IMPLEMENTED (server/http/operations.ts).
 */
import type { AppContext } from '../app-context';
import type { OperationHandlers } from '../http/operations';
import { adminHandlers } from './admin';
import { authHandlers } from './auth';
import { cabinetOrdersHandlers } from './cabinet-orders';
import { conversationHandlers } from './conversation';
import { deliveryHandlers } from './delivery';
import { documentsHandlers } from './documents';
import { formSettingsHandlers } from './form-settings';
import { legalHandlers } from './legal';
import { monitoringHandlers } from './monitoring';
import { notificationsHandlers } from './notifications';
import { officesHandlers } from './offices';
import { ordersHandlers } from './orders';
import { partnersHandlers } from './partners';
import { paymentsHandlers } from './payments';
import { personalDataHandlers } from './personal-data';
import { pointsHandlers } from './points';
import { profileHandlers } from './profile';
import { refundsHandlers } from './refunds';
import { resultsHandlers } from './results';
import { staffOrdersHandlers } from './staff-orders';
import { systemHandlers } from './system';
import { telegramHandlers } from './telegram';
import { trackingHandlers } from './tracking';
import { uploadsHandlers } from './uploads';
import { usersHandlers } from './users';

/**
 * Where each contract tag's operations live: the tag's own folder first. Six folders are not
 * named after a tag, and were kept rather than moved (each move would carry tests that cover
 * several tags at once, for no reader's gain); handler-folders.test.ts holds every operation to
 * this table:
 * - staff-orders/: the back-office half of `orders` (lists, card, status, edits); orders/ keeps
 *   the public form's half. Two audiences, two folders of a readable size.
 * - cabinet-orders/: `user-orders`, named after the cabinet it serves.
 * - documents/: invoices, acts and files are one concern with one service folder
 *   (server/services/documents) and tests that follow a document end to end, while the contract
 *   spreads their operations over four tags: user-orders (generate, report paid), profile (the
 *   list), orders (the signed act back) and uploads (GET /api/files/{id}).
 * - monitoring/: the queue, periodic-job and order-monitoring half of `admin` (the monitoring
 *   screens of docs/back-office-screens.md), apart from access requests, passwords and statistics,
 *   which other screens use.
 * - refunds/: a paid order's refund (`orders`), beside its service in services/payments.
 * - results/: the finished translation attached to an order (`orders`), beside services/results.
 * - delivery/: step 4 of the order form, map configuration and address suggestions (`system`)
 *   beside the courier price (`orders`), tested together.
 */
export const TAG_FOLDERS: Readonly<Record<string, readonly string[]>> = {
  auth: ['auth'],
  profile: ['profile', 'documents'],
  orders: ['orders', 'staff-orders', 'documents', 'delivery', 'refunds', 'results'],
  'user-orders': ['cabinet-orders', 'documents'],
  payments: ['payments'],
  notifications: ['notifications'],
  'form-settings': ['form-settings'],
  points: ['points'],
  partners: ['partners'],
  users: ['users'],
  offices: ['offices'],
  admin: ['admin', 'monitoring'],
  uploads: ['uploads', 'documents'],
  system: ['system', 'delivery'],
  legal: ['legal'],
  'personal-data': ['personal-data'],
  conversation: ['conversation'],
  tracking: ['tracking'],
  telegram: ['telegram'],
};

export function allHandlers(ctx: AppContext): OperationHandlers {
  return {
    ...authHandlers(ctx),
    ...profileHandlers(ctx),
    ...usersHandlers(ctx),
    ...adminHandlers(ctx),
    ...monitoringHandlers(ctx),
    ...ordersHandlers(ctx),
    ...staffOrdersHandlers(ctx),
    ...formSettingsHandlers(ctx),
    ...pointsHandlers(ctx),
    ...officesHandlers(ctx),
    ...partnersHandlers(ctx),
    ...systemHandlers(ctx),
    ...uploadsHandlers(ctx),
    ...deliveryHandlers(ctx),
    ...notificationsHandlers(ctx),
    ...cabinetOrdersHandlers(ctx),
    ...documentsHandlers(ctx),
    ...paymentsHandlers(ctx),
    ...legalHandlers(ctx),
    ...refundsHandlers(ctx),
    ...personalDataHandlers(ctx),
    ...resultsHandlers(ctx),
    ...conversationHandlers(ctx),
    ...trackingHandlers(ctx),
    ...telegramHandlers(ctx),
  };
}
