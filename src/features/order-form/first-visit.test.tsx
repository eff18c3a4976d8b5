// @vitest-environment happy-dom
// The app's own data layer (no test provider): a first visit of step 1 neither creates the app
// database nor loads its module until the visitor's first change, and that change is not lost
// even when the page is left before the database has opened.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadedAppDb, openAppDb } from '../../db/lazy-app-db';
import { DB_NAME } from '../../db/presence';
import { useOrderDraft } from './draft';
import { readFirstDraft } from './first-draft';

afterEach(cleanup);

const databaseExists = async () =>
  (await globalThis.indexedDB.databases()).some((database) => database.name === DB_NAME);

describe('step 1 on a first visit', () => {
  it('starts empty without the database, and opens it to save the first change', async () => {
    expect(await readFirstDraft()).toBe(true);
    const { result } = renderHook(() => useOrderDraft());
    expect(result.current.payload).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await databaseExists()).toBe(false);
    expect(loadedAppDb()).toBeUndefined();

    act(() => result.current.update({ name: 'Анна Петрова' }));
    // Left at once, before the database opened: the change waits in localStorage under its name.
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(localStorage.getItem(`orderDraftUnsaved:${DB_NAME}`) ?? 'null')).toEqual({
      draftId: null,
      patch: { name: 'Анна Петрова' },
    });

    await waitFor(async () => expect(await databaseExists()).toBe(true));
    const db = await openAppDb();
    await waitFor(async () => {
      const drafts = await db.drafts.where('status').equals('editing').toArray();
      expect(drafts.map((draft) => draft.payload)).toEqual([{ name: 'Анна Петрова' }]);
    });
    await waitFor(() => expect(localStorage.getItem(`orderDraftUnsaved:${DB_NAME}`)).toBeNull());
    // The next visit starts from it.
    expect(await readFirstDraft()).toBe(false);
  });
});
