/**
 * The documents of an order on its card (what the partner hands over), from the list row itself:
 * no request per card, and whatever the stored list holds is readable offline.
 */
import type { components } from '../../api/schema.gen';
import { languageList } from '../../domain/languages';
import * as styles from './partner-orders.css';

type SummaryLine = components['schemas']['OrderSummaryLine'];

export function OrderDocuments({ lines }: { lines: readonly SummaryLine[] | undefined }) {
  // A list stored by an older version of the app has no lines: nothing to show, not an error.
  if (!lines?.length) return <span>—</span>;
  return (
    <ul className={styles.documents}>
      {lines.map((line, index) => (
        // Lines have no id in a list row; their order is the order's own and never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index}>
          {line.type} × {line.quantity}
          {line.assurances.length ? ` (${line.assurances.join(', ')})` : null}
          {/* The point hands over a translation: into which languages (a list kept by an older app has none). */}
          {line.targetLanguages?.length ? ` — ${languageList(line.targetLanguages)}` : null}
        </li>
      ))}
    </ul>
  );
}
