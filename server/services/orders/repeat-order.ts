import type { AppContext } from '../../app-context';
import { ProductError } from '../../errors';
import type { OrderCreate } from './check-order';
import { createOrder } from './create-order';
import type { CustomerOrder } from './customer-order-views';
import { type Customer, findCustomerOrderRow, loadCustomerOrder } from './customer-orders';
import { assurancesOfLine, readOrderLines } from './order-lines';

async function linesOf(
  ctx: AppContext,
  orderId: number,
): Promise<NonNullable<OrderCreate['orderDocuments']>> {
  const { lines, assurances } = await readOrderLines(ctx.db, [orderId]);
  return lines.map((line) => ({
    documentId: line.documentId,
    quantity: line.quantity,
    assuranceIds: assurancesOfLine(assurances, line.id).map((a) => a.assuranceId),
  }));
}

export async function repeatCustomerOrder(
  ctx: AppContext,
  customer: Customer,
  orderId: number,
): Promise<{ order: CustomerOrder; message: string }> {
  const source = await findCustomerOrderRow(ctx.db, customer, orderId);
  const company = source.payerType === 'LEGAL';
  const body: OrderCreate = {
    name: source.name,
    phoneNumber: source.phoneNumber,
    email: source.email,
    originalLanguage: source.originalLanguage,
    targetLanguage: source.targetLanguage,
    orderDocuments: await linesOf(ctx, orderId),
    payerType: source.payerType,
    organizationInn: company ? source.organizationInn : null,
    organizationName: company ? source.organizationName : null,
    organizationKpp: company ? source.organizationKpp : null,
    organizationAddress: company ? source.organizationAddress : null,
    deliveryType: source.deliveryType,
    deliveryId: source.deliveryId,
    // A courier tariff chosen for the old order is not today's: the new one is priced afresh.
    deliveryData: null,
    address: source.address,
    pickupPointId: source.pickupPointId,
    pickupPointCode: source.pickupPointCode,
    officeId: source.officeId,
    // «Повторить» is the signed-in customer's own act in the cabinet, for the purposes they agreed
    // to with the first order; the new order keeps its own consent record all the same.
    personalDataConsent: true,
  };
  try {
    const { order } = await createOrder(ctx, {
      body,
      idempotencyKey: undefined,
      caller: { id: customer.id },
    });
    return {
      order: await loadCustomerOrder(ctx.db, order.id),
      message: `Создан новый заказ № ${order.number}`,
    };
  } catch (error) {
    // The form's field problems (a document no longer offered…) are not this request's fields.
    if (error instanceof ProductError && error.code === 'VALIDATION_ERROR')
      throw new ProductError(
        'conflict',
        'CONFLICT',
        `Повторить заказ нельзя: ${lowerFirst(error.message)}`,
        error.details,
      );
    throw error;
  }
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
