/**
 * Every implemented operation, one folder per contract tag. An operation missing here is still
 * routed and validated, and answers 501 NOT_IMPLEMENTED (server/http/operations.ts).
 */
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/operations';
import { adminHandlers } from './admin';
import { authHandlers } from './auth';
import { cabinetOrdersHandlers } from './cabinet-orders';
import { deliveryHandlers } from './delivery';
import { documentsHandlers } from './documents';
import { formSettingsHandlers } from './form-settings';
import { notificationsHandlers } from './notifications';
import { officesHandlers } from './offices';
import { ordersHandlers } from './orders';
import { paymentsHandlers } from './payments';
import { pointsHandlers } from './points';
import { profileHandlers } from './profile';
import { staffOrdersHandlers } from './staff-orders';
import { systemHandlers } from './system';
import { uploadsHandlers } from './uploads';
import { usersHandlers } from './users';

export function allHandlers(ctx: AppContext): OperationHandlers {
  return {
    ...authHandlers(ctx),
    ...profileHandlers(ctx),
    ...usersHandlers(ctx),
    ...adminHandlers(ctx),
    ...ordersHandlers(ctx),
    ...staffOrdersHandlers(ctx),
    ...formSettingsHandlers(ctx),
    ...pointsHandlers(ctx),
    ...officesHandlers(ctx),
    ...systemHandlers(ctx),
    ...uploadsHandlers(ctx),
    ...deliveryHandlers(ctx),
    ...notificationsHandlers(ctx),
    ...cabinetOrdersHandlers(ctx),
    ...documentsHandlers(ctx),
    ...paymentsHandlers(ctx),
  };
}
