/**
 * Order pricing: the one formula for what the customer pays and what the order costs the bureau.
 * The order form shows it, the server charges it, the statistics add it up. Money is computed in
 * kopecks so that sums never pick up floating-point dust.
 *
 * amount = Σ lines (document price + Σ assurance prices) × quantity
 *          − promo discount on those lines
 *          + delivery price + price of the "other document" set by a manager.
 */

export interface CatalogDocument {
  id: number;
  type: string;
  price: number;
  cost: number;
}

export interface CatalogAssurance {
  id: number;
  type: string;
  price: number;
  costWeekday: number;
  costSaturday: number;
  costSunday: number;
}

export interface LineInput {
  documentId: number;
  quantity: number;
  assuranceIds: readonly number[];
}

export interface PricedLine {
  documentId: number;
  type: string;
  quantity: number;
  /** Price of one copy of the document's translation. */
  price: number;
  assurances: { assuranceId: number; type: string; price: number }[];
  /** (price + Σ assurance prices) × quantity */
  total: number;
}

export interface PriceInput {
  lines: readonly LineInput[];
  documents: ReadonlyMap<number, CatalogDocument>;
  assurances: ReadonlyMap<number, CatalogAssurance>;
  deliveryPrice: number;
  discountPercent: number;
  otherPrice?: number;
}

export interface PriceBreakdown {
  lines: PricedLine[];
  subtotal: number;
  discount: number;
  delivery: number;
  other: number;
  amount: number;
}

export class PricingError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'PricingError';
  }
}

export const toKopecks = (rubles: number): number => Math.round(rubles * 100);
export const toRubles = (kopecks: number): number => Math.round(kopecks) / 100;

export function priceOrder(input: PriceInput): PriceBreakdown {
  if (input.lines.length === 0) {
    throw new PricingError('Выберите хотя бы один документ', 'documents');
  }
  let subtotal = 0;
  const lines = input.lines.map((line, index): PricedLine => {
    const document = input.documents.get(line.documentId);
    if (!document) {
      throw new PricingError(`Документ №${line.documentId} не найден`, `documents/${index}`);
    }
    if (!Number.isInteger(line.quantity) || line.quantity < 1) {
      throw new PricingError('Количество должно быть целым числом от 1', `documents/${index}`);
    }
    const assurances = [...new Set(line.assuranceIds)].map((id) => {
      const assurance = input.assurances.get(id);
      if (!assurance) {
        throw new PricingError(`Заверение №${id} не найдено`, `documents/${index}`);
      }
      return { assuranceId: id, type: assurance.type, price: assurance.price };
    });
    const unit = toKopecks(document.price) + assurances.reduce((s, a) => s + toKopecks(a.price), 0);
    const total = unit * line.quantity;
    subtotal += total;
    return {
      documentId: document.id,
      type: document.type,
      quantity: line.quantity,
      price: document.price,
      assurances,
      total: toRubles(total),
    };
  });
  const percent = Math.min(100, Math.max(0, input.discountPercent));
  const discount = Math.round((subtotal * percent) / 100);
  const delivery = toKopecks(input.deliveryPrice);
  const other = toKopecks(input.otherPrice ?? 0);
  return {
    lines,
    subtotal: toRubles(subtotal),
    discount: toRubles(discount),
    delivery: toRubles(delivery),
    other: toRubles(other),
    amount: toRubles(subtotal - discount + delivery + other),
  };
}

/** Which of an assurance's costs applies on a date: notaries charge more at weekends. */
export function assuranceCostOn(assurance: CatalogAssurance, date: Date): number {
  const day = date.getDay();
  if (day === 6) return assurance.costSaturday;
  if (day === 0) return assurance.costSunday;
  return assurance.costWeekday;
}
