/** «Данные от …» of the copy stored for an operation, as a screen shows it offline (spaces plain). */
import type { AppDatabase } from '../db/schema';
import { freshnessText } from '../ui/data-freshness';

export async function storedAt(db: AppDatabase, operation: string): Promise<string> {
  const entry = await db.cache.where('operation').equals(operation).first();
  if (!entry) throw new Error(`nothing stored for ${operation}`);
  return freshnessText(entry.fetchedAt).replace(/[\u00a0\u202f]/g, ' ');
}
