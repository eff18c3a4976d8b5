/**
 * The draft a step edits: read once from IndexedDB when the step opens, then kept in the step's
 * state (typing never waits for the database) and written through to IndexedDB at each change.
 */
import { useCallback, useEffect, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useCachedQuery } from '../../api/use-cached-query';
import { type DraftPayload, editingDraft, patchDraft } from '../../db/drafts';

export function useOrderDraft() {
  const { db } = useDataLayer();
  const [payload, setPayload] = useState<DraftPayload | null>(null);
  const [draftId, setDraftId] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void editingDraft(db).then((draft) => {
      if (!live) return;
      setPayload(draft?.payload ?? {});
      setDraftId(draft?.id ?? null);
    });
    return () => {
      live = false;
    };
  }, [db]);
  const update = useCallback(
    (patch: DraftPayload) => {
      setPayload((current) => ({ ...(current ?? {}), ...patch }));
      void patchDraft(db, patch).then((draft) => setDraftId(draft.id));
    },
    [db],
  );
  return { payload, draftId, update };
}

export function useFormParams() {
  return useCachedQuery('/api/order/form-params', { kind: 'public' });
}
