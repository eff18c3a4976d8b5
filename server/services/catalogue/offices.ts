/** The bureau's own offices, where customers hand in and collect documents. */
import { asc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import type { Database } from '../../db/client';
import { offices } from '../../db/schema';

export type Office = components['schemas']['Office'];

const columns = {
  id: offices.id,
  name: offices.name,
  address: offices.address,
  schedule: offices.schedule,
  phone: offices.phone,
  email: offices.email,
  lat: offices.lat,
  lon: offices.lon,
  isActive: offices.isActive,
};

export function listOffices(db: Database): Promise<Office[]> {
  return db.select(columns).from(offices).orderBy(asc(offices.sortOrder), asc(offices.id));
}

export async function findOffice(db: Database, id: number): Promise<Office | undefined> {
  const [office] = await db.select(columns).from(offices).where(eq(offices.id, id));
  return office;
}
