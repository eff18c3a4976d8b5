/** An order's parcel at the courier service, if one was registered. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courierDeliveries } from '../../db/schema';

export async function parcelOfOrder(db: Database, orderId: number) {
  const [parcel] = await db.select().from(courierDeliveries).where(eq(courierDeliveries.orderId, orderId));
  return parcel;
}
