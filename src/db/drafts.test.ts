import { describe, expect, it } from 'vitest';
import {
  addDraftFiles,
  draftFilesOf,
  editingDraft,
  markFileUploaded,
  moveDraftFile,
  patchDraft,
  reopenDraft,
} from './drafts';
import { testDb } from './test-db';

describe('order drafts', () => {
  it('keeps every change in one editing draft, as a reload would find it', async () => {
    const db = testDb();
    const first = await patchDraft(db, {
      orderDocuments: [{ documentId: 1, quantity: 2, assuranceIds: [1] }],
    });
    await patchDraft(db, { name: 'Анна', targetLanguage: 'en' });
    const reopened = testDb();
    const draft = await editingDraft(reopened);
    expect(draft?.id).toBe(first.id);
    expect(draft?.payload).toEqual({
      orderDocuments: [{ documentId: 1, quantity: 2, assuranceIds: [1] }],
      name: 'Анна',
      targetLanguage: 'en',
    });
  });

  it('keeps chosen files as blobs until they are uploaded', async () => {
    const db = testDb();
    const draft = await patchDraft(db, {});
    const [file] = await addDraftFiles(db, draft.id, [
      new File(['%PDF-1.7'], 'passport.pdf', { type: 'application/pdf' }),
    ]);
    await markFileUploaded(db, file?.id as string, '0b7c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e');
    const [stored] = await draftFilesOf(db, draft.id);
    expect(stored).toMatchObject({
      name: 'passport.pdf',
      size: 8,
      uploadedId: '0b7c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
    });
  });

  it('keeps the pages in the order the customer set with «Выше»/«Ниже», after a reload too', async () => {
    const db = testDb();
    const draft = await patchDraft(db, {});
    const files = await addDraftFiles(
      db,
      draft.id,
      ['Страница 1.jpg', 'Страница 2.jpg', 'Страница 3.jpg'].map(
        (name) => new File(['jpeg'], name, { type: 'image/jpeg' }),
      ),
    );
    await moveDraftFile(db, files[2]?.id as string, -1);
    await moveDraftFile(db, files[0]?.id as string, -1);
    const names = async () => (await draftFilesOf(testDb(), draft.id)).map((file) => file.name);
    expect(await names()).toEqual(['Страница 1.jpg', 'Страница 3.jpg', 'Страница 2.jpg']);
    await moveDraftFile(db, files[0]?.id as string, 1);
    expect(await names()).toEqual(['Страница 3.jpg', 'Страница 1.jpg', 'Страница 2.jpg']);
  });

  it('gives a draft sent back for changes a new idempotency key', async () => {
    const db = testDb();
    const draft = await patchDraft(db, { name: 'Анна' });
    await db.drafts.update(draft.id, { status: 'queued' });
    await reopenDraft(db, draft.id);
    const reopened = await editingDraft(db);
    expect(reopened?.id).toBe(draft.id);
    expect(reopened?.idempotencyKey).not.toBe(draft.idempotencyKey);
  });
});
