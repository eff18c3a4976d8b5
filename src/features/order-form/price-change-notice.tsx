/**
 * «The price changed while you were filling in the form»: shown on any step when a chosen item's
 * price moved or the item is gone since the customer saw it, until they press «Понятно». What they
 * saw is kept with the draft (saveSeenPrices), so it holds across steps, reloads and days. The
 * summary beside it already shows the new total: the server charges the current price.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useEditingDraft } from '../../db/draft-hooks';
import { type DraftPayload, saveSeenPrices } from '../../db/drafts';
import type { FormParams } from './order-model';
import { chosenPrices, priceChanges } from './price-changes';

// The notice itself is rare (a price moved since the customer saw it): step 1 does not download it.
const PriceChangeList = lazy(() => import('./price-change-list'));

export function PriceChangeNotice({ catalogue, payload }: { catalogue: FormParams; payload: DraftPayload }) {
  const { db } = useDataLayer();
  const draft = useEditingDraft(db);
  const seen = draft?.seenPrices ?? {};
  const changes = draft ? priceChanges(seen, catalogue, payload) : [];
  const current = chosenPrices(catalogue, payload);
  // A newly chosen item is remembered at the price shown now; a changed one waits for «Понятно».
  const unseen = Object.keys(current).filter((key) => !seen[key]);
  const unseenKey = unseen.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by what is unseen, read from this render
  useEffect(() => {
    if (!draft || unseen.length === 0) return;
    const next = { ...seen };
    for (const key of unseen) next[key] = current[key] as (typeof current)[string];
    void saveSeenPrices(db, next);
  }, [db, draft?.id, unseenKey]);

  if (changes.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <PriceChangeList changes={changes} onSeen={() => void saveSeenPrices(db, { ...seen, ...current })} />
    </Suspense>
  );
}
