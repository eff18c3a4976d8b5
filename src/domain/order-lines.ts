/**
 * The order form's payload may name its documents in three shapes (older clients send the older
 * ones, and the contract keeps them all). This is the one place that turns any of them into order
 * lines: a document, how many copies, and the assurances on it.
 *
 * Precedence, as the contract says: orderDocuments; else documentsWithQuantity with
 * documentsAssurances; else documentIds (or documentId) with the single assuranceId on each.
 * A document named twice is one line with the quantities added and the assurances merged.
 */

export interface OrderLine {
  documentId: number;
  quantity: number;
  assuranceIds: number[];
}

export interface LinesPayload {
  orderDocuments?: readonly {
    documentId: number;
    quantity?: number | null;
    assuranceIds?: readonly number[] | null;
  }[];
  documentsWithQuantity?: readonly { documentId: number; quantity: number }[];
  documentsAssurances?: readonly { documentId: number; assuranceIds: readonly number[] }[];
  documentIds?: readonly number[];
  documentId?: number | null;
  assuranceId?: number | null;
}

function merge(lines: OrderLine[]): OrderLine[] {
  const byDocument = new Map<number, OrderLine>();
  for (const line of lines) {
    const seen = byDocument.get(line.documentId);
    if (seen) {
      seen.quantity += line.quantity;
      seen.assuranceIds = [...new Set([...seen.assuranceIds, ...line.assuranceIds])];
    } else {
      byDocument.set(line.documentId, { ...line, assuranceIds: [...new Set(line.assuranceIds)] });
    }
  }
  return [...byDocument.values()];
}

export function orderLinesFromPayload(payload: LinesPayload): OrderLine[] {
  if (payload.orderDocuments?.length) {
    return merge(
      payload.orderDocuments.map((line) => ({
        documentId: line.documentId,
        quantity: line.quantity ?? 1,
        assuranceIds: [...(line.assuranceIds ?? [])],
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
      })),
    );
  }
  const ids = payload.documentIds?.length
    ? payload.documentIds
    : payload.documentId != null
      ? [payload.documentId]
      : [];
  const assuranceIds = payload.assuranceId != null ? [payload.assuranceId] : [];
  return merge(ids.map((documentId) => ({ documentId, quantity: 1, assuranceIds })));
}
