/**
 * The price shown on step 1, from the same formula the server charges (src/domain/pricing.ts):
 * one copy of each chosen document, each with every chosen assurance.
 */
import { priceOrder } from '../../domain/pricing';

interface PricedItem {
  id: number;
  type: string;
  price: number;
}

export function estimateStepOne(
  documents: readonly PricedItem[],
  assurances: readonly PricedItem[],
  documentIds: ReadonlySet<number>,
  assuranceIds: ReadonlySet<number>,
): number | null {
  if (documentIds.size === 0) return null;
  const { amount } = priceOrder({
    lines: [...documentIds].map((documentId) => ({
      documentId,
      quantity: 1,
      assuranceIds: [...assuranceIds],
    })),
    documents: new Map(documents.map((d) => [d.id, { ...d, cost: 0 }])),
    assurances: new Map(
      assurances.map((a) => [a.id, { ...a, costWeekday: 0, costSaturday: 0, costSunday: 0 }]),
    ),
    deliveryPrice: 0,
    discountPercent: 0,
  });
  return amount;
}
