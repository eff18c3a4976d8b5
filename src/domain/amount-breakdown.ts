/**
 * How an order's amount adds up, for the customer: each line (a document and its assurances, per
 * copy, times copies), the promo discount, the urgency surcharge, delivery and the manager's extra
 * item — the server's own figures. When the parts do not meet the charged amount (a manager changed it), the
 * difference is shown as its own row instead of silently disagreeing with the total.
 */
import { languageList } from './languages';
import { languageCount, toKopecks, toRubles } from './pricing';
import { urgencyLabel } from './urgency';

export interface BreakdownOrder {
  amount: number;
  documents: readonly {
    type: string;
    quantity: number;
    price: number;
    assurances: readonly { price: number }[];
    /** The line's languages; unset or empty: the order's one. Price is per copy per language. */
    targetLanguages?: readonly string[];
  }[];
  /** The order's language: a line translated into just that one is not labelled with it. */
  targetLanguage?: string;
  discountPercent: number;
  discountAmount: number;
  promoCode: string | null;
  /** An urgent order's surcharge and its percent (absent from copies stored before urgency). */
  urgentAmount?: number;
  urgentPercent?: number;
  deliveryPrice: number;
  otherPrice: number;
}

export interface BreakdownRow {
  label: string;
  amount: number;
  /**
   * line: a document with its assurances; charge: anything else the order charges (delivery, the
   * manager's extra document); discount; adjustment: a manager's change of the amount. Receipts
   * list lines and charges as items (receipt-items.ts).
   */
  kind: 'line' | 'charge' | 'discount' | 'adjustment';
}

export interface AmountBreakdown {
  rows: BreakdownRow[];
  total: number;
}

export function amountBreakdown(order: BreakdownOrder): AmountBreakdown {
  const rows: BreakdownRow[] = [];
  let sum = 0;
  const add = (label: string, kopecks: number, kind: BreakdownRow['kind']) => {
    sum += kopecks;
    rows.push({ label, amount: toRubles(kopecks), kind });
  };
  for (const line of order.documents) {
    const unit = toKopecks(line.price) + line.assurances.reduce((total, a) => total + toKopecks(a.price), 0);
    const withAssurances = line.assurances.length > 0 ? ' с заверением' : '';
    add(
      `${line.type}${withAssurances}${languagesLabel(line.targetLanguages, order.targetLanguage)} × ${line.quantity}`,
      unit * line.quantity * languageCount(line.targetLanguages),
      'line',
    );
  }
  if (order.discountAmount > 0) {
    const percent = order.discountPercent > 0 ? ` ${String(order.discountPercent).replace('.', ',')} %` : '';
    const code = order.promoCode ? ` по промокоду ${order.promoCode}` : '';
    add(`Скидка${percent}${code}`, -toKopecks(order.discountAmount), 'discount');
  }
  if ((order.urgentAmount ?? 0) > 0)
    add(urgencyLabel(order.urgentPercent ?? 0), toKopecks(order.urgentAmount ?? 0), 'charge');
  add('Доставка', toKopecks(order.deliveryPrice), 'charge');
  if (order.otherPrice > 0) add('Дополнительный документ', toKopecks(order.otherPrice), 'charge');
  const total = toKopecks(order.amount);
  if (total !== sum)
    rows.push({ label: 'Изменение стоимости менеджером', amount: toRubles(total - sum), kind: 'adjustment' });
  return { rows, total: toRubles(total) };
}

/**
 * « (английский, немецкий)» after a line translated into several languages, or into another than
 * the order's; nothing for a line in the order's one language, as lines read before.
 */
export function languagesLabel(languages: readonly string[] | undefined, orderLanguage?: string): string {
  if (!languages || languages.length === 0) return '';
  if (languages.length === 1 && (orderLanguage === undefined || languages[0] === orderLanguage)) return '';
  return ` (${languageList(languages)})`;
}
