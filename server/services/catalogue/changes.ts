/**
 * The catalogue's audit trail: one mechanism for every record staff edit in the back office
 * (document types, assurances, deliveries, promo codes, offices, partners, pickup points). Each
 * write records, in its own transaction, who changed which field from what to what; a creation
 * or a removal is one entry for the record as a whole. Values are kept as text the screens
 * format by field (money, flags), so an entry reads the same after the record is gone.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import type { Role } from '../../../src/domain/roles';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { catalogueChanges } from '../../db/schema';

export type CatalogueEntity = components['schemas']['CatalogueEntity'];
export type CatalogueAction = components['schemas']['CatalogueChange']['action'];
export type CatalogueChange = components['schemas']['CatalogueChange'];

export interface CatalogueActor {
  userId: number;
  email: string | null;
  role: Role;
}

export const catalogueActor = (user: SignedInUser): CatalogueActor => ({
  userId: user.id,
  email: user.email,
  role: user.role,
});

type Value = string | number | boolean | null | undefined;

/** How a value is kept: numbers and flags as their plain text, nothing as null. */
export function changeText(value: Value): string | null {
  if (value === null || value === undefined) return null;
  return String(value);
}

export interface ChangeEntry {
  action: CatalogueAction;
  field?: string | null;
  oldValue?: Value;
  newValue?: Value;
}

export async function recordChanges(
  executor: Database,
  target: { entity: CatalogueEntity; entityId: number; actor: CatalogueActor },
  entries: readonly ChangeEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await executor.insert(catalogueChanges).values(
    entries.map((entry) => ({
      entity: target.entity,
      entityId: target.entityId,
      action: entry.action,
      field: entry.field ?? null,
      oldValue: changeText(entry.oldValue),
      newValue: changeText(entry.newValue),
      actorUserId: target.actor.userId,
      actorEmail: target.actor.email,
      actorRole: target.actor.role,
    })),
  );
}

/**
 * The UPDATED entries between two states of a record, for the fields named: only those whose
 * value really moved (1200 and 1200.00 are one price).
 */
export function fieldChanges<T extends object>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): ChangeEntry[] {
  const entries: ChangeEntry[] = [];
  for (const field of fields) {
    if (!(field in after)) continue;
    const oldValue = before[field] as Value;
    const newValue = after[field] as Value;
    if (changeText(oldValue) === changeText(newValue)) continue;
    entries.push({ action: 'UPDATED', field, oldValue, newValue });
  }
  return entries;
}

export async function listCatalogueChanges(
  db: Database,
  query: { entity: CatalogueEntity; entityId?: number; limit?: number; offset?: number },
): Promise<components['schemas']['CatalogueChangePage']> {
  const limit = query.limit ?? 20;
  const offset = query.offset ?? 0;
  const conditions: SQL[] = [eq(catalogueChanges.entity, query.entity)];
  if (query.entityId !== undefined) conditions.push(eq(catalogueChanges.entityId, query.entityId));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: catalogueChanges.id,
        entity: catalogueChanges.entity,
        entityId: catalogueChanges.entityId,
        action: catalogueChanges.action,
        field: catalogueChanges.field,
        oldValue: catalogueChanges.oldValue,
        newValue: catalogueChanges.newValue,
        createdAt: catalogueChanges.createdAt,
        actorEmail: catalogueChanges.actorEmail,
        actorRole: catalogueChanges.actorRole,
      })
      .from(catalogueChanges)
      .where(where)
      .orderBy(desc(catalogueChanges.createdAt), desc(catalogueChanges.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(catalogueChanges).where(where),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: totals[0]?.total ?? 0,
    limit,
    offset,
  };
}
