/**
 * The order form's payload may name its documents in three shapes (older clients send the older
 * ones, and the contract keeps them all). This is the one place that turns any of them into order
 * lines: a document, how many copies, and the assurances on it.
 *
 * Precedence, as the contract says: orderDocuments; else documentsWithQuantity with
 * documentsAssurances; else documentIds (or documentId) with the single assuranceId on each.
 * A document named twice for the same languages is one line with the quantities added and the
 * assurances merged; named for other languages, it is a line of its own.
 *
 * Each line of orderDocuments may name its target languages (targetLanguages); a line that names
 * none is translated into the order's targetLanguage. The lines always carry their languages.
 */

/**
 * A bureau's largest real orders: a hundred copies of one document (a company's staff), twenty
 * different documents. Counted after merging, so naming one document fifty times, in any of the
 * payload's shapes, is still one document with all its copies.
 */
export const MAX_COPIES_PER_DOCUMENT = 100;
export const MAX_ORDER_LINES = 20;

export const TOO_MANY_COPIES = `Не больше ${MAX_COPIES_PER_DOCUMENT} копий одного документа в заказе`;
export const TOO_MANY_LINES = `Не больше ${MAX_ORDER_LINES} разных документов в одном заказе: остальные оформите вторым заказом`;

/** The limits above, as the message for each line over them and for the order. */
export function lineLimitProblems(lines: readonly OrderLine[]): { line?: number; message: string }[] {
  const problems: { line?: number; message: string }[] = [];
  if (lines.length > MAX_ORDER_LINES) problems.push({ message: TOO_MANY_LINES });
  lines.forEach((line, index) => {
    if (line.quantity > MAX_COPIES_PER_DOCUMENT) problems.push({ line: index, message: TOO_MANY_COPIES });
  });
  return problems;
}

export interface OrderLine {
  documentId: number;
  quantity: number;
  assuranceIds: number[];
  /** One or more languages (the order's one when the payload named none for the line). */
  targetLanguages: string[];
}

export const MAX_LANGUAGES_PER_LINE = 10;

export interface LinesPayload {
  orderDocuments?: readonly {
    documentId: number;
    quantity?: number | null;
    assuranceIds?: readonly number[] | null;
    targetLanguages?: readonly string[] | null;
  }[];
  /** The order's language: that of every line that names none of its own. */
  targetLanguage?: string | null;
  documentsWithQuantity?: readonly { documentId: number; quantity: number }[];
  documentsAssurances?: readonly { documentId: number; assuranceIds: readonly number[] }[];
  documentIds?: readonly number[];
  documentId?: number | null;
  assuranceId?: number | null;
}

function merge(lines: OrderLine[]): OrderLine[] {
  const byDocument = new Map<string, OrderLine>();
  for (const line of lines) {
    const key = `${line.documentId}:${[...line.targetLanguages].sort().join(',')}`;
    const seen = byDocument.get(key);
    if (seen) {
      seen.quantity += line.quantity;
      seen.assuranceIds = [...new Set([...seen.assuranceIds, ...line.assuranceIds])];
    } else {
      byDocument.set(key, { ...line, assuranceIds: [...new Set(line.assuranceIds)] });
    }
  }
  return [...byDocument.values()];
}

export function orderLinesFromPayload(payload: LinesPayload): OrderLine[] {
  const orderLanguages = payload.targetLanguage ? [payload.targetLanguage] : [];
  if (payload.orderDocuments?.length) {
    return merge(
      payload.orderDocuments.map((line) => ({
        documentId: line.documentId,
        quantity: line.quantity ?? 1,
        assuranceIds: [...(line.assuranceIds ?? [])],
        targetLanguages: line.targetLanguages?.length ? [...line.targetLanguages] : orderLanguages,
      })),
    );
  }
  if (payload.documentsWithQuantity?.length) {
    const assurancesOf = new Map<number, number[]>();
    for (const entry of payload.documentsAssurances ?? []) {
      assurancesOf.set(entry.documentId, [
        ...(assurancesOf.get(entry.documentId) ?? []),
        ...entry.assuranceIds,
      ]);
    }
    return merge(
      payload.documentsWithQuantity.map((line) => ({
        documentId: line.documentId,
        quantity: line.quantity,
        assuranceIds: assurancesOf.get(line.documentId) ?? [],
        targetLanguages: orderLanguages,
      })),
    );
  }
  const ids = payload.documentIds?.length
    ? payload.documentIds
    : payload.documentId != null
      ? [payload.documentId]
      : [];
  const assuranceIds = payload.assuranceId != null ? [payload.assuranceId] : [];
  return merge(
    ids.map((documentId) => ({ documentId, quantity: 1, assuranceIds, targetLanguages: orderLanguages })),
  );
}
