/** A fresh app database on the fake IndexedDB that the unit-test setup installs for each test. */
import { AppDatabase } from './schema';

export function testDb(): AppDatabase {
  return new AppDatabase({ indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange });
}
