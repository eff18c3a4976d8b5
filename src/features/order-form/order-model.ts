/**
 * The order form's rules, free of React: what each step asks, what makes it complete, and the
 * price the summary shows — the same priceOrder the server charges with, on the same catalogue
 * (costs are the bureau's and are not in the public catalogue, so they are zero here).
 */
import type { components } from '../../api/schema.gen';
import type { DraftPayload } from '../../db/drafts';
import { formatRubles } from '../../domain/format';
import { lineLimitProblems, orderLinesFromPayload } from '../../domain/order-lines';
import { type PriceBreakdown, priceOrder } from '../../domain/pricing';
import { type PromoTerms, promoPricing } from '../../domain/promo';

export type FormParams = components['schemas']['FormParams'];
export type OrderStep = 1 | 2 | 3 | 4;

export const STEP_TITLES: Record<OrderStep, string> = {
  1: 'Документы и языки',
  2: 'Файлы документов',
  3: 'Контактные данные',
  4: 'Получение и проверка заказа',
};

export type DocumentChoice = {
  documentId: number;
  quantity: number;
  assuranceIds: number[];
  /**
   * The line's own languages, the order's one first, when a language was added to it; left out
   * while it is translated into the order's language only (a draft kept before lines had
   * languages reads so too).
   */
  targetLanguages?: string[];
};

/** The form keeps its lines in the contract's orderDocuments shape only. */
export const chosenDocuments = (payload: DraftPayload): DocumentChoice[] =>
  (payload.orderDocuments ?? []).map((line) => ({
    documentId: line.documentId,
    quantity: line.quantity ?? 1,
    assuranceIds: [...(line.assuranceIds ?? [])],
    ...(line.targetLanguages?.length ? { targetLanguages: [...line.targetLanguages] } : {}),
  }));

/** The languages a chosen line is translated into: its own, else the order's one (or none yet). */
export const choiceLanguages = (line: DocumentChoice, orderLanguage: string | undefined): string[] =>
  line.targetLanguages?.length ? line.targetLanguages : orderLanguage ? [orderLanguage] : [];

/**
 * The lines after the order's language changed: a line with languages of its own gets the new one
 * in place of the old first one (once), so «+ язык» always adds to the order's language.
 */
export function withOrderLanguage(lines: readonly DocumentChoice[], language: string): DocumentChoice[] {
  return lines.map((line) =>
    line.targetLanguages?.length
      ? { ...line, targetLanguages: [...new Set([language, ...line.targetLanguages.slice(1)])] }
      : line,
  );
}

/**
 * A catalogue price as the form shows it. A document at 0 ₽ («Другой документ») is priced by the
 * manager after seeing it, and «0 ₽» read as free.
 */
export const catalogPrice = (price: number): string => (price > 0 ? formatRubles(price) : 'по оценке');

/** The terms of the code the form has checked, as the pricing reads them; null without one. */
export function draftPromoTerms(payload: DraftPayload): PromoTerms | null {
  if (!payload.promoIsValid) return null;
  return {
    kind: payload.promoKind ?? 'PERCENT',
    discount: payload.promoDiscountPercent ?? 0,
    amount: payload.promoAmount ?? null,
    minOrderSum: payload.promoMinOrderSum ?? null,
  };
}

/** The summary's breakdown, or null before any document is chosen. */
export function priceDraft(catalogue: FormParams, payload: DraftPayload): PriceBreakdown | null {
  const lines = chosenDocuments(payload).filter((line) =>
    catalogue.documents.some((d) => d.id === line.documentId),
  );
  if (lines.length === 0) return null;
  const delivery = catalogue.deliveries.find((d) => d.id === payload.deliveryId);
  return priceOrder({
    lines: lines.map((line) => ({
      ...line,
      assuranceIds: line.assuranceIds.filter((id) => catalogue.assurances.some((a) => a.id === id)),
    })),
    documents: new Map(catalogue.documents.map((d) => [d.id, { ...d, cost: 0 }])),
    assurances: new Map(
      catalogue.assurances.map((a) => [a.id, { ...a, costWeekday: 0, costSaturday: 0, costSunday: 0 }]),
    ),
    deliveryPrice: delivery?.price ?? 0,
    ...promoPricing(draftPromoTerms(payload)),
    // An old stored catalogue has no schedule: urgency is priced once the new one arrives.
    urgentPercent: payload.urgent ? (catalogue.schedule?.urgentPercent ?? 0) : 0,
  });
}

/** { fieldId: Russian message } — the shape useFieldErrors takes (kept free of React so the server's tests can import this module). */
type Problems = Record<string, string>;

export function validateStepOne(payload: DraftPayload): Problems {
  const problems: Problems = {};
  const chosen = chosenDocuments(payload);
  if (chosen.length === 0) problems.documents = 'Выберите хотя бы один документ';
  // The server's own limits, said before sending rather than after (src/domain/order-lines.ts).
  const overLimit = lineLimitProblems(orderLinesFromPayload({ orderDocuments: chosen }))[0];
  if (overLimit) problems.documents = overLimit.message;
  if (!payload.originalLanguage) problems.originalLanguage = 'Выберите язык оригинала';
  if (!payload.targetLanguage) problems.targetLanguage = 'Выберите язык перевода';
  else if (payload.targetLanguage === payload.originalLanguage) {
    problems.targetLanguage = 'Язык перевода должен отличаться от языка оригинала';
  } else if (chosen.some((line) => line.targetLanguages?.includes(payload.originalLanguage ?? ''))) {
    problems.documents = 'Добавленный язык перевода совпадает с языком оригинала: выберите другой';
  }
  return problems;
}
