// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../api/client';
import { DataLayerContext } from '../../api/data-layer';
import { localStore } from '../../api/local-store';
import { addDraftFiles, editingDraft, patchDraft } from '../../db/drafts';
import type { AppDatabase } from '../../db/schema';
import { testDb } from '../../db/test-db';
import {
  clearDraft,
  DRAFT_SAVE_DELAY_MS,
  readDraft,
  setFirstDraft,
  unsavedDraftKey,
  useOrderDraft,
} from './draft';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderDraft(db: AppDatabase) {
  const api = createApi({
    baseUrl: 'http://app.test',
    store: localStore(),
    location: () => ({ pathname: '/order/step-1', search: '' }),
    navigate: () => undefined,
    fetch: async () => new Response(null, { status: 500 }),
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <DataLayerContext.Provider value={{ api, db }}>{children}</DataLayerContext.Provider>
  );
  return renderHook(() => useOrderDraft(), { wrapper });
}

const stored = async (db: AppDatabase) => (await editingDraft(db))?.payload;

describe('useOrderDraft', () => {
  it('restores what an earlier visit saved', async () => {
    const db = testDb();
    await patchDraft(db, { name: 'Анна', comment: 'Имена как в загранпаспорте' });
    const { result } = renderDraft(db);
    await waitFor(() =>
      expect(result.current.payload).toEqual({ name: 'Анна', comment: 'Имена как в загранпаспорте' }),
    );
  });

  it('shows a change at once and saves a burst of typing once, ~300 ms after the last key', async () => {
    const db = testDb();
    const { result } = renderDraft(db);
    await waitFor(() => expect(result.current.payload).toEqual({}));
    act(() => result.current.update({ name: 'А' }));
    act(() => result.current.update({ name: 'Ан' }));
    expect(result.current.payload).toEqual({ name: 'Ан' });
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS / 3));
    expect(await stored(db)).toBeUndefined();
    await waitFor(async () => expect(await stored(db)).toEqual({ name: 'Ан' }), { timeout: 2000 });
  });

  it('keeps a change whose save failed, and the next save carries it with the newer one', async () => {
    const db = testDb();
    const { result } = renderDraft(db);
    await waitFor(() => expect(result.current.payload).toEqual({}));
    // The first save fails (the database's chunk could not be fetched, IndexedDB refused).
    const transaction = vi.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('QuotaExceededError'));
    act(() => result.current.update({ name: 'Анна Петрова' }));
    await expect(result.current.flush()).rejects.toThrow('QuotaExceededError');
    transaction.mockRestore();
    act(() => result.current.update({ phoneNumber: '+7 903 765-43-21' }));
    await result.current.flush();
    expect(await stored(db)).toEqual({ name: 'Анна Петрова', phoneNumber: '+7 903 765-43-21' });
  });

  it('saves at once when the page is hidden or left, without waiting for the delay', async () => {
    const db = testDb();
    const { result } = renderDraft(db);
    await waitFor(() => expect(result.current.payload).toEqual({}));
    act(() => result.current.update({ email: 'anna@example.ru' }));
    window.dispatchEvent(new Event('pagehide'));
    // A read queued now sees the write the pagehide started, before the delay could have run out.
    expect((await readDraft(db))?.payload).toEqual({ email: 'anna@example.ru' });
  });

  it('puts what IndexedDB has not committed in localStorage as the page is left, until it has', async () => {
    const db = testDb();
    const { result } = renderDraft(db);
    await waitFor(() => expect(result.current.payload).toEqual({}));
    act(() => result.current.update({ name: 'Вера Соколова' }));
    window.dispatchEvent(new Event('pagehide'));
    // Synchronously: a closed tab may end the page before IndexedDB commits.
    expect(JSON.parse(localStorage.getItem(unsavedDraftKey(db)) ?? 'null')).toEqual({
      draftId: null,
      patch: { name: 'Вера Соколова' },
    });
    await waitFor(() => expect(localStorage.getItem(unsavedDraftKey(db))).toBeNull());
    expect(await stored(db)).toEqual({ name: 'Вера Соколова' });
  });

  it('brings back a change the page stashed when its tab closed before IndexedDB committed it', async () => {
    const db = testDb();
    const draft = await patchDraft(db, { name: 'Вера Соколова' });
    localStorage.setItem(
      unsavedDraftKey(db),
      JSON.stringify({ draftId: draft.id, patch: { phone: '+7 903 765-43-21' } }),
    );
    const { result } = renderDraft(db);
    await waitFor(() =>
      expect(result.current.payload).toEqual({ name: 'Вера Соколова', phone: '+7 903 765-43-21' }),
    );
    expect(await stored(db)).toEqual({ name: 'Вера Соколова', phone: '+7 903 765-43-21' });
    expect(localStorage.getItem(unsavedDraftKey(db))).toBeNull();
  });

  it('drops a stashed change of a draft that is no longer the one being edited', async () => {
    const db = testDb();
    await patchDraft(db, { name: 'Новый заказ' });
    localStorage.setItem(
      unsavedDraftKey(db),
      JSON.stringify({ draftId: 'sent-draft', patch: { name: 'Старый' } }),
    );
    expect((await readDraft(db))?.payload).toEqual({ name: 'Новый заказ' });
    expect(localStorage.getItem(unsavedDraftKey(db))).toBeNull();
  });

  it('hands the last change to the next step when the step closes', async () => {
    const db = testDb();
    const first = renderDraft(db);
    await waitFor(() => expect(first.result.current.payload).toEqual({}));
    act(() => first.result.current.update({ targetLanguage: 'en' }));
    first.unmount();
    const next = renderDraft(db);
    await waitFor(() => expect(next.result.current.payload).toEqual({ targetLanguage: 'en' }));
  });

  it('«Начать заново» empties the form, the stored draft and its files', async () => {
    const db = testDb();
    const draft = await patchDraft(db, { name: 'Анна' });
    await addDraftFiles(db, draft.id, [new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' })]);
    const { result } = renderDraft(db);
    await waitFor(() => expect(result.current.payload).toEqual({ name: 'Анна' }));
    await act(() => result.current.restart());
    expect(result.current.payload).toEqual({});
    expect(await db.drafts.count()).toBe(0);
    expect(await db.draftFiles.count()).toBe(0);
    // Drafts already queued for sending are not the form's to clear.
    await db.drafts.put({ ...draft, id: 'queued', idempotencyKey: 'k2', status: 'queued' });
    await clearDraft(db);
    expect(await db.drafts.count()).toBe(1);
  });

  describe('on a prerendered step, started from the draft read before the first render', () => {
    it('shows it in the first render, without a loading state', async () => {
      const db = testDb();
      const draft = await patchDraft(db, { comment: 'Имена как в загранпаспорте' });
      setFirstDraft(draft);
      const { result } = renderDraft(db);
      expect(result.current.payload).toEqual({ comment: 'Имена как в загранпаспорте' });
      expect(result.current.draftId).toBe(draft.id);
    });

    it('keeps a tick made at once, which a second read of the stored draft would undo', async () => {
      const db = testDb();
      setFirstDraft(null);
      const { result } = renderDraft(db);
      expect(result.current.payload).toEqual({});
      act(() =>
        result.current.update({ orderDocuments: [{ documentId: 1, quantity: 1, assuranceIds: [] }] }),
      );
      await waitFor(async () => expect((await stored(db))?.orderDocuments).toHaveLength(1), {
        timeout: 2000,
      });
      expect(result.current.payload?.orderDocuments).toHaveLength(1);
    });

    it('is used once: the next step opened reads the stored draft again', async () => {
      const db = testDb();
      setFirstDraft(null);
      const first = renderDraft(db);
      first.unmount();
      await patchDraft(db, { name: 'Анна' });
      const next = renderDraft(db);
      expect(next.result.current.payload).toBeNull();
      await waitFor(() => expect(next.result.current.payload).toEqual({ name: 'Анна' }));
    });
  });
});
