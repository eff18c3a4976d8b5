/**
 * The order form's draft on this device: one draft being edited at a time, saved at each change
 * (a reload, a crash or a dead battery loses nothing), and the files chosen on step 2 kept as
 * blobs beside it until the outbox has uploaded them with the order. Free of Dexie's own modules
 * (it works on a database it is given), so the form's first step loads without them; the live
 * hooks over drafts are in draft-hooks.ts.
 */
import type { AppDatabase, DraftFile, OrderCreate, OrderDraft, SeenPrice } from './schema';

export type DraftPayload = Partial<OrderCreate>;

const newId = () => crypto.randomUUID();

/** The request property a problem's path names: /body/orderDocuments/0 → orderDocuments. */
export const problemProperty = (path: string) => path.split('/')[2] ?? '';

/** The draft being edited, if there is one. */
export async function editingDraft(db: AppDatabase): Promise<OrderDraft | undefined> {
  const drafts = await db.drafts.where('status').equals('editing').sortBy('updatedAt');
  return drafts.at(-1);
}

/** Merges the change into the draft being edited (making one first), in one transaction. */
export async function patchDraft(
  db: AppDatabase,
  patch: DraftPayload,
  now = Date.now(),
): Promise<OrderDraft> {
  return db.transaction('rw', db.drafts, async () => {
    const draft = await editingDraft(db);
    const next: OrderDraft = draft
      ? {
          ...draft,
          payload: { ...draft.payload, ...patch },
          // A field edited since the server refused it: its old message no longer applies.
          problems: draft.problems?.filter((problem) => !(problemProperty(problem.path) in patch)),
          updatedAt: now,
        }
      : {
          id: newId(),
          idempotencyKey: newId(),
          payload: { ...patch },
          status: 'editing',
          attempts: 0,
          lastError: null,
          createdAt: now,
          updatedAt: now,
        };
    await db.drafts.put(next);
    return next;
  });
}

/**
 * A draft that was sent back for changes gets a fresh Idempotency-Key: the server keeps the old
 * key for the old body and would refuse a different body under it.
 */
export async function reopenDraft(db: AppDatabase, draftId: string, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.drafts, async () => {
    await db.drafts.where('status').equals('editing').modify({ status: 'submitted' });
    await db.drafts.update(draftId, { status: 'editing', idempotencyKey: newId(), updatedAt: now });
  });
}

export async function addDraftFiles(
  db: AppDatabase,
  draftId: string,
  chosen: readonly File[],
): Promise<DraftFile[]> {
  const now = Date.now();
  const rows = chosen.map(
    (file, index): DraftFile => ({
      id: newId(),
      draftId,
      name: file.name,
      size: file.size,
      type: file.type,
      blob: file,
      uploadedId: null,
      addedAt: now + index,
    }),
  );
  await db.draftFiles.bulkPut(rows);
  return rows;
}

export function draftFilesOf(db: AppDatabase, draftId: string): Promise<DraftFile[]> {
  return db.draftFiles.where('draftId').equals(draftId).sortBy('addedAt');
}

export async function removeDraftFile(db: AppDatabase, fileId: string): Promise<void> {
  await db.draftFiles.delete(fileId);
}

/**
 * Moves a draft's file one place up (-1) or down (+1) by swapping its addedAt with its neighbour's:
 * the order the files are listed, uploaded and attached to the order in.
 */
export async function moveDraftFile(db: AppDatabase, fileId: string, by: -1 | 1): Promise<void> {
  await db.transaction('rw', db.draftFiles, async () => {
    const file = await db.draftFiles.get(fileId);
    if (!file) return;
    const files = await draftFilesOf(db, file.draftId);
    const index = files.findIndex((item) => item.id === fileId);
    const other = files[index + by];
    if (!other) return;
    await db.draftFiles.update(file.id, { addedAt: other.addedAt });
    await db.draftFiles.update(other.id, { addedAt: file.addedAt });
  });
}

export async function markFileUploaded(db: AppDatabase, fileId: string, uploadedId: string): Promise<void> {
  await db.draftFiles.update(fileId, { uploadedId });
}

/** Keeps the prices the customer saw with the draft being edited (there is none yet: nothing to keep). */
export async function saveSeenPrices(db: AppDatabase, seen: Record<string, SeenPrice>): Promise<void> {
  await db.transaction('rw', db.drafts, async () => {
    const draft = await editingDraft(db);
    if (draft) await db.drafts.update(draft.id, { seenPrices: seen });
  });
}
