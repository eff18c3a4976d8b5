/**
 * The draft and its files as live React state, for the steps that show them (the landing's
 * «continue» offer, step 2's and step 4's file lists, the price notice).
 */
import { draftFilesOf, editingDraft } from './drafts';
import { useLiveQuery } from './live-query';
import type { AppDatabase, DraftFile, OrderDraft } from './schema';

/** undefined while reading; null when there is no draft yet. */
export function useEditingDraft(db: AppDatabase): OrderDraft | null | undefined {
  return useLiveQuery(async () => (await editingDraft(db)) ?? null, [db]);
}

/** The files chosen for the draft, in their order; undefined while reading. */
export function useDraftFiles(db: AppDatabase, draftId: string | undefined): DraftFile[] | undefined {
  return useLiveQuery(async () => (draftId ? draftFilesOf(db, draftId) : []), [db, draftId]);
}
