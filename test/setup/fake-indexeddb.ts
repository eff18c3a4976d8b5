// The setup of every unit test. Every unit test gets an empty IndexedDB: a new factory replaces the global one before each test.
// The order draft's unsaved change kept in localStorage belongs to a draft in that database, so it
// goes with it (src/features/order-form/draft.ts).
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach } from 'vitest';

// findBy… and waitFor wait up to 10 s, not 1 s: three workers on two cores under load 10–12 stretched a
// users-page render and its fake answer past 5 s. A passing test is not slower for it.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  if (typeof localStorage === 'undefined') return;
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('orderDraftUnsaved:')) localStorage.removeItem(key);
  }
});
