/**
 * Who hears about documents: the customer when an invoice or act is ready, the bureau's managers
 * when a customer reports a payment or sends a signed act. Notifications are written through the
 * caller's transaction, so a rolled-back change tells nobody.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { notifyOrderCustomer, notifyUser } from '../notifications/notifications';

export type DocumentNotificationType = 'INVOICE' | 'ORDER_STATUS' | 'MESSAGE';

export interface DocumentNotification {
  type: DocumentNotificationType;
  title: string;
  body: string;
  orderId: number;
  url?: string | null;
}

export async function notifyCustomer(executor: Database, notification: DocumentNotification): Promise<void> {
  await notifyOrderCustomer(executor, notification.orderId, notification);
}

/** Every ADMIN and MANAGER: the people who check payments and acts. */
export async function notifyManagers(executor: Database, notification: DocumentNotification): Promise<void> {
  const managers = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ['ADMIN', 'MANAGER']), eq(users.isBlocked, false)));
  for (const manager of managers) {
    await notifyUser(executor, {
      ...notification,
      userId: manager.id,
      url: notification.url ?? `/crm/orders/${notification.orderId}`,
    });
  }
}
