/**
 * The order form's stored draft, read before the app's first render on a prerendered step 1
 * (src/app-start.tsx), imported there on step 1 alone: the app database loads only where a page
 * needs it.
 */
import { appDb } from '../../db/app-db';
import { readDraft, setFirstDraft } from './draft';

/** Reads the draft the step starts from; true when there is none or it is empty (the HTML's). */
export async function readFirstDraft(): Promise<boolean> {
  const draft = await readDraft(appDb()).catch(() => undefined);
  setFirstDraft(draft ?? null);
  return !draft || Object.keys(draft.payload).length === 0;
}
