/**
 * The first start's demo data: catalogue, offices, partners, pickup points, promo codes and the
 * administrator. Runs at every start but does its work once per SEED_VERSION (kept in settings),
 * inserting only rows that are missing, so staff edits — and deletions — are never undone.
 */
import { eq, sql } from 'drizzle-orm';
import { generatePassword, hashPassword } from '../auth/passwords';
import type { Database } from '../db/client';
import {
  assurances,
  deliveries,
  documentTypes,
  offices,
  partners,
  pickupPoints,
  promoCodes,
  settings,
  users,
} from '../db/schema';
import { DEMO_REQUISITES, REQUISITES_KEY } from '../services/documents/requisites';
import { ensureLegalDocuments } from '../services/legal/legal-documents';
import {
  SEED_ASSURANCES,
  SEED_DELIVERIES,
  SEED_DOCUMENT_TYPES,
  SEED_OFFICES,
  SEED_PARTNERS,
  SEED_PROMO_CODES,
} from './catalogue';
import { SEED_PICKUP_POINTS } from './pickup-points';

export const SEED_VERSION = 1;
const SEED_KEY = 'seed.version';

/** Tables seeded with explicit ids: their identity sequences must continue after those ids. */
const SEQUENCED_TABLES = [
  'partners',
  'offices',
  'pickup_points',
  'document_types',
  'assurances',
  'deliveries',
  'promo_codes',
  'users',
] as const;

export interface SeedOptions {
  adminEmail: string;
  /** Unset: a password is generated for a newly created administrator and returned once. */
  adminPassword: string | undefined;
}

export interface SeedResult {
  /** False when this seed version had already run. */
  seeded: boolean;
  /** Set only when the administrator was created now with a generated password: print it once. */
  generatedAdminPassword: string | undefined;
}

export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  // The bureau's requisites for invoices and acts, whenever they are missing: added outside the
  // seed version, so an installation seeded before them gets them without its deleted demo rows
  // coming back, and a bureau's own requisites are never overwritten.
  await db.insert(settings).values({ key: REQUISITES_KEY, value: DEMO_REQUISITES }).onConflictDoNothing();
  // The consent, privacy policy and offer must exist before the first order (it records which
  // consent it was placed with); likewise outside the seed version, never over an ADMIN's edits.
  await ensureLegalDocuments(db);
  const [done] = await db.select().from(settings).where(eq(settings.key, SEED_KEY));
  if (typeof done?.value === 'number' && done.value >= SEED_VERSION) {
    return { seeded: false, generatedAdminPassword: undefined };
  }
  // Hash outside the transaction: argon2 takes a while and PGlite has one connection.
  const [existingAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.id, 1));
  const password = existingAdmin ? undefined : (options.adminPassword ?? generatePassword(16));
  const passwordHash = password ? await hashPassword(password) : undefined;

  const adminCreated = await db.transaction(async (tx) => {
    await tx.insert(partners).values(SEED_PARTNERS).onConflictDoNothing();
    await tx.insert(offices).values(SEED_OFFICES).onConflictDoNothing();
    await tx.insert(pickupPoints).values(SEED_PICKUP_POINTS).onConflictDoNothing();
    await tx.insert(documentTypes).values(SEED_DOCUMENT_TYPES).onConflictDoNothing();
    await tx.insert(assurances).values(SEED_ASSURANCES).onConflictDoNothing();
    await tx.insert(deliveries).values(SEED_DELIVERIES).onConflictDoNothing();
    await tx.insert(promoCodes).values(SEED_PROMO_CODES).onConflictDoNothing();
    let created = false;
    if (passwordHash) {
      const inserted = await tx
        .insert(users)
        .values({
          id: 1,
          email: options.adminEmail,
          login: options.adminEmail,
          passwordHash,
          role: 'ADMIN',
          firstName: 'Администратор',
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      created = inserted.length > 0;
    }
    for (const table of SEQUENCED_TABLES) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
      );
    }
    await tx
      .insert(settings)
      .values({ key: SEED_KEY, value: SEED_VERSION })
      .onConflictDoUpdate({ target: settings.key, set: { value: SEED_VERSION, updatedAt: new Date() } });
    return created;
  });
  return {
    seeded: true,
    generatedAdminPassword: adminCreated && !options.adminPassword ? password : undefined,
  };
}
