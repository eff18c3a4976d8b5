/**
 * «The price changed while you were filling in the form»: shown on any step when a chosen item's
 * price moved or the item is gone since the customer saw it, until they press «Понятно». What they
 * saw is kept with the draft (saveSeenPrices), so it holds across steps, reloads and days. The
 * summary beside it already shows the new total: the server charges the current price.
 */
import { useEffect } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { type DraftPayload, saveSeenPrices, useEditingDraft } from '../../db/drafts';
import { formatRubles } from '../../domain/format';
import { button } from '../../ui/button';
import * as page from '../../ui/page.css';
import type { FormParams } from './order-model';
import { chosenPrices, type PriceChange, priceChanges } from './price-changes';

export function changeText(change: PriceChange): string {
  return change.kind === 'gone'
    ? `«${change.name}» больше нет в списке — уберите его из заказа на шаге 1`
    : `«${change.name}»: ${formatRubles(change.from)} → ${formatRubles(change.to)}`;
}

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
    <div role="alert" className={page.errorText}>
      <p>Пока вы заполняли форму, бюро изменило каталог:</p>
      <ul>
        {changes.map((change) => (
          <li key={change.key}>{changeText(change)}</li>
        ))}
      </ul>
      <p>Итог пересчитан по новым ценам — заказ будет оплачиваться по ним.</p>
      <p>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          onClick={() => void saveSeenPrices(db, { ...seen, ...current })}
        >
          Понятно
        </button>
      </p>
    </div>
  );
}
