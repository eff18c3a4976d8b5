/** The price-change notice's text and its «Понятно» (see price-change-notice.tsx for when it shows). */
import { formatRubles } from '../../domain/format';
import { button } from '../../ui/button';
import * as page from '../../ui/page.css';
import type { PriceChange } from './price-changes';

function changeText(change: PriceChange): string {
  return change.kind === 'gone'
    ? `«${change.name}» больше нет в списке — уберите его из заказа на шаге 1`
    : `«${change.name}»: ${formatRubles(change.from)} → ${formatRubles(change.to)}`;
}

export default function PriceChangeList({
  changes,
  onSeen,
}: {
  changes: readonly PriceChange[];
  onSeen: () => void;
}) {
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
        <button type="button" className={button({ tone: 'secondary' })} onClick={onSeen}>
          Понятно
        </button>
      </p>
    </div>
  );
}
