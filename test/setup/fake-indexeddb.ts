// Every unit test gets an empty IndexedDB: a new factory replaces the global one before each test.
// The order draft's unsaved change kept in localStorage belongs to a draft in that database, so it
// goes with it (src/features/order-form/draft.ts).
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach } from 'vitest';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  if (typeof localStorage === 'undefined') return;
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('orderDraftUnsaved:')) localStorage.removeItem(key);
  }
});
