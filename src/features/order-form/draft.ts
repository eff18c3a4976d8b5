/**
 * The draft a step edits. Read from IndexedDB when the step opens, then kept in the step's state
 * so typing never waits for the database. Changes reach IndexedDB ~300 ms after the last one, and
 * at once when the page is hidden or left (pagehide, a tab switch, the step unmounting). A closed
 * tab can end the page before IndexedDB commits that last write, so what is not yet committed is
 * also put in localStorage at that moment, synchronously; the next read of the draft applies it.
 * A reload, a crash or a closed tab loses at most the last keystrokes of a running burst.
 *
 * On a first visit the database is not opened until the first change is saved: step 1 shows and
 * takes input without loading Dexie (a stash made before that save names the database by its
 * name, which needs no connection).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDatabaseSource } from '../../api/data-context';
import { useCachedQuery } from '../../api/use-cached-query';
import type { DraftPayload } from '../../db/drafts';
import type { AppDatabase, OrderDraft, ServerFieldProblem } from '../../db/schema';

export const DRAFT_SAVE_DELAY_MS = 300;

/**
 * Writes of all steps in one chain: the next step's first read waits for the previous step's last
 * write, so moving on right after typing never shows a stale draft.
 */
let writes: Promise<unknown> = Promise.resolve();

function queueWrite<T>(write: () => Promise<T>): Promise<T> {
  const next = writes.then(write, write);
  writes = next.catch(() => undefined);
  return next;
}

/**
 * The draft's operations over the database load with it (the database's chunk): step 1 needs
 * them only once the visitor's first change is saved.
 */
const drafts = () => import('../../db/drafts');

/** Saves a change at once (files added on step 2 need the draft's id straight away). */
export function writeDraft(db: AppDatabase, patch: DraftPayload) {
  return queueWrite(async () => (await drafts()).patchDraft(db, patch));
}

/**
 * Where a change not yet committed to IndexedDB waits when the page is hidden or left: a key per
 * database, since the change belongs to a draft in it.
 */
export const unsavedDraftKey = (db: Pick<AppDatabase, 'name'>) => `orderDraftUnsaved:${db.name}`;

interface UnsavedChange {
  /** The draft it belongs to; null: the draft's first write had not landed yet. */
  draftId: string | null;
  patch: DraftPayload;
}

function stashUnsaved(db: Pick<AppDatabase, 'name'>, change: UnsavedChange): void {
  try {
    localStorage.setItem(unsavedDraftKey(db), JSON.stringify(change));
  } catch {
    // No storage (private mode quota, a test without a window): IndexedDB's write still runs.
  }
}

function dropUnsaved(db: Pick<AppDatabase, 'name'>): void {
  try {
    localStorage.removeItem(unsavedDraftKey(db));
  } catch {
    // As above.
  }
}

/** The change a page stashed as it was left, if any. */
export function stashedUnsaved(db: Pick<AppDatabase, 'name'>): UnsavedChange | null {
  try {
    const change = JSON.parse(localStorage.getItem(unsavedDraftKey(db)) ?? 'null') as UnsavedChange | null;
    return change && typeof change.patch === 'object' && change.patch !== null ? change : null;
  } catch {
    return null;
  }
}

/**
 * Applies a change the page stashed as it was left (see the header) to the draft it belongs to.
 * A stash for another draft (that one was sent, a new one begun) is stale and dropped.
 */
async function recoverUnsaved(db: AppDatabase): Promise<void> {
  const change = stashedUnsaved(db);
  if (!change) return;
  const { editingDraft, patchDraft } = await drafts();
  const draft = await editingDraft(db);
  if (change.draftId === null || draft?.id === change.draftId) await patchDraft(db, change.patch);
  dropUnsaved(db);
}

/** The draft being edited, after every write already asked for has landed. */
export function readDraft(db: AppDatabase) {
  return queueWrite(async () => {
    await recoverUnsaved(db);
    return (await drafts()).editingDraft(db);
  });
}

/** «Начать заново»: the draft being edited and its stored files are gone. */
export function clearDraft(db: AppDatabase): Promise<void> {
  return queueWrite(() =>
    db.transaction('rw', db.drafts, db.draftFiles, async () => {
      const drafts = await db.drafts.where('status').equals('editing').toArray();
      for (const draft of drafts) {
        await db.draftFiles.where('draftId').equals(draft.id).delete();
        await db.drafts.delete(draft.id);
      }
    }),
  );
}

/**
 * The draft read before the app's first render (src/main.tsx, on a prerendered step; null: none
 * stored). The step that mounts first starts from it instead of a loading state, so that render
 * matches the prerendered HTML. Later steps read IndexedDB as usual.
 */
let firstDraft: OrderDraft | null | undefined;

export function setFirstDraft(draft: OrderDraft | null): void {
  firstDraft = draft;
}

export function useOrderDraft() {
  const database = useDatabaseSource();
  const [payload, setPayload] = useState<DraftPayload | null>(() =>
    firstDraft === undefined ? null : (firstDraft?.payload ?? {}),
  );
  const [draftId, setDraftId] = useState<string | null>(() => firstDraft?.id ?? null);
  // What the server refused when this draft was last sent, as read when the step opened.
  const [problems, setProblems] = useState<ServerFieldProblem[]>(() => firstDraft?.problems ?? []);
  const pending = useRef<DraftPayload | null>(null);
  // Every change not yet known to be committed: the pending one and those being written.
  const unsaved = useRef<DraftPayload | null>(null);
  const changes = useRef(0);
  const savedDraftId = useRef<string | null>(draftId);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Resolves once every change so far is in IndexedDB. */
  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    const patch = pending.current;
    const upTo = changes.current;
    pending.current = null;
    if (patch) {
      let saved: OrderDraft;
      try {
        saved = await writeDraft(await database.open(), patch);
      } catch (error) {
        // Not saved (the database's chunk could not be fetched, IndexedDB refused): the change
        // goes back under the ones made since, for the next save to carry.
        pending.current = { ...patch, ...(pending.current ?? {}) };
        throw error;
      }
      savedDraftId.current = saved.id;
      setDraftId(saved.id);
    }
    await writes;
    if (changes.current === upTo && unsaved.current) {
      unsaved.current = null;
      dropUnsaved(database);
    }
  }, [database]);

  // Started from the draft read before the first render: reading it again could land after the
  // first tick and undo it.
  const preloaded = useRef(firstDraft !== undefined);

  useEffect(() => {
    firstDraft = undefined;
    let live = true;
    if (!preloaded.current)
      void database
        .open()
        .then(readDraft)
        .then((draft) => {
          if (!live) return;
          setPayload(draft?.payload ?? {});
          savedDraftId.current = draft?.id ?? null;
          setDraftId(draft?.id ?? null);
          setProblems(draft?.problems ?? []);
        });
    const save = () => {
      if (unsaved.current) stashUnsaved(database, { draftId: savedDraftId.current, patch: unsaved.current });
      void flush().catch(() => undefined);
    };
    const whenHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', whenHidden);
    return () => {
      live = false;
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', whenHidden);
      save();
    };
  }, [database, flush]);

  const update = useCallback(
    (patch: DraftPayload) => {
      setPayload((current) => ({ ...(current ?? {}), ...patch }));
      pending.current = { ...(pending.current ?? {}), ...patch };
      unsaved.current = { ...(unsaved.current ?? {}), ...patch };
      changes.current += 1;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush().catch(() => undefined), DRAFT_SAVE_DELAY_MS);
    },
    [flush],
  );

  /** Empties the form and the stored draft. */
  const restart = useCallback(async () => {
    clearTimeout(timer.current);
    pending.current = null;
    unsaved.current = null;
    dropUnsaved(database);
    // Nothing stored on this device yet: nothing to clear, and no reason to open the database.
    if (await database.inUse()) await clearDraft(await database.open());
    setPayload({});
    savedDraftId.current = null;
    setDraftId(null);
    setProblems([]);
  }, [database]);

  return { payload, draftId, problems, update, flush, restart };
}

export function useFormParams() {
  return useCachedQuery('/api/order/form-params', { kind: 'public' });
}
