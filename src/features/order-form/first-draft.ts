/**
 * The order form's stored draft, read before the app's first render on a prerendered step 1
 * (src/app-start.tsx), imported there on step 1 alone. A device without the app database (a
 * first visit) has no draft: the step starts empty without loading the database, which the
 * visitor's first change opens (draft.ts).
 */
import { openAppDb } from '../../db/lazy-app-db';
import { appDatabaseInUse, DB_NAME } from '../../db/presence';
import { readDraft, setFirstDraft, stashedUnsaved } from './draft';

/** Reads the draft the step starts from; true when there is none or it is empty (the HTML's). */
export async function readFirstDraft(): Promise<boolean> {
  const stored = (await appDatabaseInUse()) || stashedUnsaved({ name: DB_NAME }) !== null;
  const draft = stored
    ? await openAppDb()
        .then(readDraft)
        .catch(() => undefined)
    : undefined;
  setFirstDraft(draft ?? null);
  return !draft || Object.keys(draft.payload).length === 0;
}
