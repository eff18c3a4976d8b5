/**
 * What changed in the catalogue since the customer chose: a chosen document, assurance or
 * delivery whose price moved, or that the bureau no longer offers. Pure, so the form and its
 * tests share it. The server always charges its own current price; this only tells the customer
 * before they send.
 */
import type { DraftPayload } from '../../db/drafts';
import type { SeenPrice } from '../../db/schema';
import { chosenDocuments, type FormParams } from './order-model';

export type SeenPrices = Record<string, SeenPrice>;

export type PriceChange =
  | { kind: 'price'; key: string; name: string; from: number; to: number }
  | { kind: 'gone'; key: string; name: string };

/** The chosen items as the catalogue shows them now (those still in it). */
export function chosenPrices(catalogue: FormParams, payload: DraftPayload): SeenPrices {
  const seen: SeenPrices = {};
  for (const line of chosenDocuments(payload)) {
    const document = catalogue.documents.find((d) => d.id === line.documentId);
    if (document) seen[`document:${document.id}`] = { name: document.type, price: document.price };
    for (const id of line.assuranceIds) {
      const assurance = catalogue.assurances.find((a) => a.id === id);
      if (assurance) seen[`assurance:${id}`] = { name: assurance.type, price: assurance.price };
    }
  }
  const delivery = catalogue.deliveries.find((d) => d.id === payload.deliveryId);
  if (delivery) seen[`delivery:${delivery.id}`] = { name: delivery.type, price: delivery.price };
  return seen;
}

/** The keys of what the draft chose, whether or not the catalogue still has it. */
function chosenKeys(payload: DraftPayload): string[] {
  const keys = new Set<string>();
  for (const line of chosenDocuments(payload)) {
    keys.add(`document:${line.documentId}`);
    for (const id of line.assuranceIds) keys.add(`assurance:${id}`);
  }
  if (payload.deliveryId) keys.add(`delivery:${payload.deliveryId}`);
  return [...keys];
}

export function priceChanges(seen: SeenPrices, catalogue: FormParams, payload: DraftPayload): PriceChange[] {
  const now = chosenPrices(catalogue, payload);
  const changes: PriceChange[] = [];
  for (const key of chosenKeys(payload)) {
    const before = seen[key];
    if (!before) continue;
    const current = now[key];
    if (!current) changes.push({ kind: 'gone', key, name: before.name });
    else if (Math.round(current.price * 100) !== Math.round(before.price * 100))
      changes.push({ kind: 'price', key, name: current.name, from: before.price, to: current.price });
  }
  return changes;
}
