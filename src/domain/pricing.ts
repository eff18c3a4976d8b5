/**
 * Order pricing: the one formula for what the customer pays and what the order costs the bureau.
 * The order form shows it, the server charges it, the statistics add it up. Money is computed in
 * kopecks so that sums never pick up floating-point dust.
 *
 * amount = Σ lines (document price + Σ assurance prices) × quantity × languages
 *          − promo discount on those lines: a percent of them, or a fixed sum in rubles never more
 *            than they come to (delivery and urgency are not discounted, so no order goes negative)
 *          + urgency: the urgent percent of Σ document prices × quantity (the translation only:
 *            assurances are the notary's fees and duties, which urgency does not change)
 *          + delivery price + price of the "other document" set by a manager.
 * cost   = Σ lines (document cost + Σ assurance costs for the Moscow day of the order) × quantity
 *          × languages
 *          + delivery cost + cost of the "other document".
 * The discount lowers what the customer pays, never what the work costs. A line translated into
 * several languages is that many translations, each with its own assurances: its price, its cost
 * and its share of the urgency all count once per language (one language when it names none).
 */
import { moscowDayKind } from './moscow-time';

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
  /** The languages the line is translated into; unset or empty: one. */
  targetLanguages?: readonly string[];
}

/** How many translations a line is: one per language, at least one. */
export const languageCount = (targetLanguages: readonly string[] | null | undefined): number =>
  Math.max(1, targetLanguages?.length ?? 0);

export interface PricedLine {
  documentId: number;
  type: string;
  quantity: number;
  /** The languages of the line as given (empty when it named none: one language). */
  targetLanguages: string[];
  /** Price of one copy of the document's translation into one language. */
  price: number;
  /** What one copy's translation costs the bureau. */
  cost: number;
  /** Each assurance's price and its cost on the day of the order (per copy). */
  assurances: { assuranceId: number; type: string; price: number; cost: number }[];
  /** (price + Σ assurance prices) × quantity × languages */
  total: number;
  /** (cost + Σ assurance costs) × quantity × languages */
  totalCost: number;
}

export interface PriceInput {
  lines: readonly LineInput[];
  documents: ReadonlyMap<number, CatalogDocument>;
  assurances: ReadonlyMap<number, CatalogAssurance>;
  deliveryPrice: number;
  /** What the delivery costs the bureau; unset: the courier's price is passed on as is. */
  deliveryCost?: number;
  discountPercent: number;
  /** Rubles off the lines of a fixed-sum promo code (at most the lines' sum); 0 or unset: none. */
  discountFixed?: number;
  /**
   * A code's minimum documents' sum in rubles: below it the code takes nothing off and
   * `promoBelowMinimum` says so (the form shows the reason, the server refuses the order).
   */
  discountMinimum?: number | null;
  /** An urgent order's surcharge, percent of the translation's price; 0 or unset: not urgent. */
  urgentPercent?: number;
  otherPrice?: number;
  otherCost?: number;
  /** When the order is placed: assurance costs depend on the Moscow weekday. Default: now. */
  at?: Date;
}

export interface PriceBreakdown {
  lines: PricedLine[];
  subtotal: number;
  discount: number;
  /** The promo code's minimum was not reached: no discount was taken. */
  promoBelowMinimum: boolean;
  /** The urgency surcharge (0 for an order that is not urgent). */
  urgency: number;
  delivery: number;
  other: number;
  amount: number;
  /** The bureau's cost of the lines, delivery and other document together. */
  cost: number;
  linesCost: number;
  deliveryCost: number;
  otherCost: number;
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
  const day = input.at ?? new Date();
  let subtotal = 0;
  let translations = 0;
  let linesCost = 0;
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
      return {
        assuranceId: id,
        type: assurance.type,
        price: assurance.price,
        cost: assuranceCostOn(assurance, day),
      };
    });
    const unit = toKopecks(document.price) + assurances.reduce((s, a) => s + toKopecks(a.price), 0);
    const unitCost = toKopecks(document.cost) + assurances.reduce((s, a) => s + toKopecks(a.cost), 0);
    const copies = line.quantity * languageCount(line.targetLanguages);
    subtotal += unit * copies;
    translations += toKopecks(document.price) * copies;
    linesCost += unitCost * copies;
    return {
      documentId: document.id,
      type: document.type,
      quantity: line.quantity,
      targetLanguages: [...(line.targetLanguages ?? [])],
      price: document.price,
      cost: document.cost,
      assurances,
      total: toRubles(unit * copies),
      totalCost: toRubles(unitCost * copies),
    };
  });
  const discount = promoDiscount(input, subtotal);
  const promoBelowMinimum =
    input.discountMinimum != null &&
    (input.discountPercent > 0 || (input.discountFixed ?? 0) > 0) &&
    subtotal < toKopecks(input.discountMinimum);
  const urgentPercent = Math.min(1000, Math.max(0, input.urgentPercent ?? 0));
  const urgency = Math.round((translations * urgentPercent) / 100);
  const delivery = toKopecks(input.deliveryPrice);
  const deliveryCost = toKopecks(input.deliveryCost ?? input.deliveryPrice);
  const other = toKopecks(input.otherPrice ?? 0);
  const otherCost = toKopecks(input.otherCost ?? 0);
  return {
    lines,
    subtotal: toRubles(subtotal),
    discount: toRubles(promoBelowMinimum ? 0 : discount),
    promoBelowMinimum,
    urgency: toRubles(urgency),
    delivery: toRubles(delivery),
    other: toRubles(other),
    amount: toRubles(subtotal - (promoBelowMinimum ? 0 : discount) + urgency + delivery + other),
    cost: toRubles(linesCost + deliveryCost + otherCost),
    linesCost: toRubles(linesCost),
    deliveryCost: toRubles(deliveryCost),
    otherCost: toRubles(otherCost),
  };
}

/** The promo discount in kopecks on the lines' sum: a percent of it, or a fixed sum capped by it. */
function promoDiscount(
  input: Pick<PriceInput, 'discountPercent' | 'discountFixed'>,
  subtotal: number,
): number {
  const percent = Math.min(100, Math.max(0, input.discountPercent));
  const fixed = Math.max(0, toKopecks(input.discountFixed ?? 0));
  return Math.min(subtotal, Math.round((subtotal * percent) / 100) + fixed);
}

/**
 * Which of an assurance's costs applies at a moment: notaries charge more at weekends, and the
 * weekend is Moscow's, whatever the time zone of the machine computing it.
 */
export function assuranceCostOn(assurance: CatalogAssurance, date: Date): number {
  const kind = moscowDayKind(date);
  if (kind === 'saturday') return assurance.costSaturday;
  if (kind === 'sunday') return assurance.costSunday;
  return assurance.costWeekday;
}
