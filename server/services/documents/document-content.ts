/**
 * What an invoice or an act says, before it is drawn: the parties, the lines of the order
 * (documents × copies, each assurance, the promo discount, delivery, the other document) and the
 * total in figures and in words. Pure, so the wording and the sums are tested without a PDF.
 */
import { amountInWords } from '../../../src/domain/amount-in-words';
import { languageName, lineLanguages } from '../../../src/domain/languages';
import type { BureauRequisites } from './requisites';

export type DocumentKind = 'INVOICE' | 'ACT';

export interface DocumentLine {
  title: string;
  quantity: number;
  unit: string;
  /** Rubles; negative for the discount. */
  price: number;
  sum: number;
}

export interface CustomerParty {
  name: string;
  inn: string | null;
  kpp: string | null;
  address: string | null;
  signerName: string | null;
  signerPosition: string | null;
}

export interface DocumentContent {
  kind: DocumentKind;
  number: string;
  /** The document's date (shown as a Moscow calendar date). */
  issuedAt: Date;
  orderNumber: string;
  bureau: BureauRequisites;
  customer: CustomerParty;
  lines: DocumentLine[];
  total: number;
  totalInWords: string;
}

/** What of the order the documents print: its lines and the parts of its price. */
export interface OrderForDocument {
  number: string;
  originalLanguage: string;
  targetLanguage: string;
  documents: {
    type: string;
    quantity: number;
    /** The line's languages; unset or empty: the order's one. Its price is per copy per language. */
    targetLanguages?: readonly string[];
    price: number;
    assurances: { type: string; price: number }[];
  }[];
  promoCode: string | null;
  discountPercent: number;
  discountAmount: number;
  deliveryType: 'OFFICE' | 'PICKUP_POINT' | 'COURIER';
  deliveryPrice: number;
  otherPrice: number;
  amount: number;
}

const DELIVERY_TITLES: Record<OrderForDocument['deliveryType'], string> = {
  OFFICE: 'Выдача в офисе бюро',
  PICKUP_POINT: 'Доставка в пункт выдачи',
  COURIER: 'Курьерская доставка',
};

/** Sums in kopecks, so 0.1 + 0.2 stays 0.30. */
const kopecks = (rubles: number) => Math.round(rubles * 100);
const rubles = (kopecksValue: number) => kopecksValue / 100;

/**
 * «с русского на английский» reads badly in a table; the short form is the usual one:
 * «русский → английский, немецкий» for a line translated into two languages.
 */
function direction(originalLanguage: string, targetLanguages: readonly string[]): string {
  const into = targetLanguages.map((code) => languageName(code).toLowerCase()).join(', ');
  return `${languageName(originalLanguage).toLowerCase()} → ${into}`;
}

export function documentLines(order: OrderForDocument): DocumentLine[] {
  const lines: DocumentLine[] = [];
  for (const document of order.documents) {
    const languages = lineLanguages(document.targetLanguages, order.targetLanguage);
    // Each language is a translation of its own: the copies are counted once per language.
    const quantity = document.quantity * languages.length;
    lines.push({
      title: `Перевод документа «${document.type}» (${direction(order.originalLanguage, languages)})`,
      quantity,
      unit: 'шт.',
      price: document.price,
      sum: rubles(kopecks(document.price) * quantity),
    });
    for (const assurance of document.assurances) {
      lines.push({
        title: `${assurance.type} — «${document.type}»`,
        quantity,
        unit: 'шт.',
        price: assurance.price,
        sum: rubles(kopecks(assurance.price) * quantity),
      });
    }
  }
  if (order.discountAmount > 0) {
    const code = order.promoCode ? ` по промокоду ${order.promoCode}` : '';
    lines.push({
      // A fixed-sum code has no percent: its rubles are the row's sum.
      title: `Скидка${code}${order.discountPercent > 0 ? ` (${order.discountPercent} %)` : ''}`,
      quantity: 1,
      unit: 'усл.',
      price: -order.discountAmount,
      sum: -order.discountAmount,
    });
  }
  if (order.deliveryPrice > 0) {
    lines.push({
      title: DELIVERY_TITLES[order.deliveryType],
      quantity: 1,
      unit: 'усл.',
      price: order.deliveryPrice,
      sum: order.deliveryPrice,
    });
  }
  if (order.otherPrice > 0) {
    lines.push({
      title: 'Перевод дополнительного документа',
      quantity: 1,
      unit: 'усл.',
      price: order.otherPrice,
      sum: order.otherPrice,
    });
  }
  return lines;
}

/**
 * The document for `order`. The total is what the order charges (its amount); the lines are
 * expected to add up to it, and when a manager's correction made them differ, a correcting line
 * keeps the table honest instead of printing a table whose sum is not the total.
 */
export function documentContent(input: {
  kind: DocumentKind;
  number: string;
  issuedAt: Date;
  order: OrderForDocument;
  bureau: BureauRequisites;
  customer: CustomerParty;
}): DocumentContent {
  const lines = documentLines(input.order);
  const linesTotal = lines.reduce((sum, line) => sum + kopecks(line.sum), 0);
  const difference = kopecks(input.order.amount) - linesTotal;
  if (difference !== 0) {
    lines.push({
      title: difference > 0 ? 'Доплата по заказу' : 'Корректировка стоимости заказа',
      quantity: 1,
      unit: 'усл.',
      price: rubles(difference),
      sum: rubles(difference),
    });
  }
  return {
    kind: input.kind,
    number: input.number,
    issuedAt: input.issuedAt,
    orderNumber: input.order.number,
    bureau: input.bureau,
    customer: input.customer,
    lines,
    total: input.order.amount,
    totalInWords: amountInWords(input.order.amount),
  };
}

/** СЧ-2611-00042 and АКТ-2611-00042: the order's number with the document's prefix. */
export function documentNumber(kind: DocumentKind, orderNumber: string): string {
  return `${kind === 'INVOICE' ? 'СЧ' : 'АКТ'}-${orderNumber}`;
}
