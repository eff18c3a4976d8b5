/**
 * The order form's catalogue: what the public form offers (active rows, prices only — costs are
 * the bureau's own) and what staff edit in form settings (every row, with costs).
 */
import { asc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { LANGUAGES } from '../../../src/domain/languages';
import type { Database } from '../../db/client';
import { assurances, deliveries, documentTypes } from '../../db/schema';

type Schemas = components['schemas'];

export async function getFormParams(db: Database): Promise<Schemas['FormParams']> {
  const [documentRows, assuranceRows, deliveryRows] = await Promise.all([
    db
      .select({ id: documentTypes.id, type: documentTypes.type, price: documentTypes.price })
      .from(documentTypes)
      .where(eq(documentTypes.isActive, true))
      .orderBy(asc(documentTypes.sortOrder), asc(documentTypes.id)),
    db
      .select({ id: assurances.id, type: assurances.type, price: assurances.price })
      .from(assurances)
      .where(eq(assurances.isActive, true))
      .orderBy(asc(assurances.sortOrder), asc(assurances.id)),
    db
      .select({
        id: deliveries.id,
        type: deliveries.type,
        code: deliveries.code,
        price: deliveries.price,
        time: deliveries.time,
      })
      .from(deliveries)
      .where(eq(deliveries.isActive, true))
      .orderBy(asc(deliveries.sortOrder), asc(deliveries.id)),
  ]);
  return {
    documents: documentRows,
    assurances: assuranceRows,
    deliveries: deliveryRows,
    languages: LANGUAGES.map(({ code, name }) => ({ code, name })),
  };
}

export function listDocumentTypes(db: Database): Promise<Schemas['DocumentType'][]> {
  return db
    .select({
      id: documentTypes.id,
      type: documentTypes.type,
      price: documentTypes.price,
      cost: documentTypes.cost,
      sortOrder: documentTypes.sortOrder,
      isActive: documentTypes.isActive,
    })
    .from(documentTypes)
    .orderBy(asc(documentTypes.sortOrder), asc(documentTypes.id));
}

export function listAssurances(db: Database): Promise<Schemas['Assurance'][]> {
  return db
    .select({
      id: assurances.id,
      type: assurances.type,
      price: assurances.price,
      cost: assurances.cost,
      costWeekday: assurances.costWeekday,
      costSaturday: assurances.costSaturday,
      costSunday: assurances.costSunday,
      sortOrder: assurances.sortOrder,
      isActive: assurances.isActive,
    })
    .from(assurances)
    .orderBy(asc(assurances.sortOrder), asc(assurances.id));
}

export function listDeliveries(db: Database): Promise<Schemas['Delivery'][]> {
  return db
    .select({
      id: deliveries.id,
      type: deliveries.type,
      code: deliveries.code,
      price: deliveries.price,
      time: deliveries.time,
      sortOrder: deliveries.sortOrder,
      isActive: deliveries.isActive,
    })
    .from(deliveries)
    .orderBy(asc(deliveries.sortOrder), asc(deliveries.id));
}
