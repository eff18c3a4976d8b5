/** The customer's organization (one per user) for invoices and acts, and who signs its acts. */
import { and, desc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { INN_ERROR, isValidInn } from '../../../src/domain/inn';
import { scopeOrganizationsFor } from '../../auth/ownership';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import type { BodyOf } from '../../operation-types';

export type Organization = components['schemas']['Organization'];
export type OrganizationInput = components['schemas']['OrganizationInput'];

const columns = {
  id: organizations.id,
  inn: organizations.inn,
  kpp: organizations.kpp,
  name: organizations.name,
  address: organizations.address,
  signerName: organizations.signerName,
  signerPosition: organizations.signerPosition,
};

/** The user's organization: the one they saved last, or null. */
export async function findOwnOrganization(db: Database, userId: number): Promise<Organization | null> {
  const [organization] = await db
    .select(columns)
    .from(organizations)
    .where(eq(organizations.userId, userId))
    .orderBy(desc(organizations.updatedAt), desc(organizations.id))
    .limit(1);
  return organization ?? null;
}

export async function saveOwnOrganization(
  db: Database,
  userId: number,
  input: OrganizationInput,
): Promise<Organization> {
  if (!isValidInn(input.inn))
    throw new ProductError('validation', 'VALIDATION_ERROR', INN_ERROR, [
      { path: '/body/inn', message: INN_ERROR },
    ]);
  const values = {
    inn: input.inn,
    kpp: input.kpp ?? null,
    name: input.name.trim(),
    address: input.address?.trim() || null,
    updatedAt: new Date(),
  };
  const existing = await findOwnOrganization(db, userId);
  const [saved] = existing
    ? await db.update(organizations).set(values).where(eq(organizations.id, existing.id)).returning(columns)
    : await db
        .insert(organizations)
        .values({ ...values, userId })
        .returning(columns);
  if (!saved) throw new Error('organization save returned nothing');
  return saved;
}

/** Its owner or an ADMIN; anyone else gets 404, as for an organization that does not exist. */
export async function updateOrganizationSigner(
  db: Database,
  user: SignedInUser,
  organizationId: number,
  signer: BodyOf<'updateOrganizationSigner'>,
): Promise<Organization> {
  const [updated] = await db
    .update(organizations)
    .set({
      signerName: signer.signerName.trim(),
      signerPosition: signer.signerPosition.trim(),
      updatedAt: new Date(),
    })
    .where(and(eq(organizations.id, organizationId), scopeOrganizationsFor(user)))
    .returning(columns);
  if (!updated) throw notFound('Организация не найдена');
  return updated;
}
