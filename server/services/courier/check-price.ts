/**
 * POST /api/order/cdek-delivery/check-price: the courier service's tariffs from the bureau's
 * office to an address or to one of its pickup points (by the point's code). Without the service
 * configured it answers 404 and the form keeps the delivery's own tariff; a service that does not
 * answer is 503, with the same fallback in the form.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { offices, pickupPoints } from '../../db/schema';
import { ProductError } from '../../errors';
import { CourierError, type CourierService, type DeliveryPriceOption } from './courier';

export const COURIER_NOT_CONNECTED =
  'Расчёт стоимости курьерской службой не подключён: действует тариф доставки';

export interface PriceRequest {
  from?: string | null;
  to: string;
  officeId?: number | null;
}

async function officeAddress(ctx: AppContext, officeId: number | null | undefined): Promise<string> {
  const [office] = await ctx.db
    .select({ address: offices.address })
    .from(offices)
    .where(officeId ? eq(offices.id, officeId) : eq(offices.isActive, true))
    .orderBy(asc(offices.sortOrder), asc(offices.id))
    .limit(1);
  if (!office) throw new ProductError('not-found', 'NOT_FOUND', 'Офис не найден');
  return office.address;
}

export async function checkCourierPrice(
  ctx: AppContext,
  courier: CourierService | undefined,
  request: PriceRequest,
): Promise<{ options: DeliveryPriceOption[] }> {
  if (!courier) throw new ProductError('not-found', 'COURIER_NOT_CONNECTED', COURIER_NOT_CONNECTED);
  const from = request.from?.trim() || (await officeAddress(ctx, request.officeId));
  const to = request.to.trim();
  const [point] = await ctx.db
    .select({ address: pickupPoints.address })
    .from(pickupPoints)
    .where(and(eq(pickupPoints.type, 'COURIER_SERVICE'), eq(pickupPoints.code, to)));
  try {
    return {
      options: await courier.priceOptions({ from, to: point?.address ?? to, toPoint: Boolean(point) }),
    };
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    if (error.status === 400) throw new ProductError('validation', 'VALIDATION_ERROR', error.message);
    throw new ProductError(
      'unavailable',
      'SERVICE_UNAVAILABLE',
      `${error.message}. Действует тариф доставки`,
    );
  }
}
