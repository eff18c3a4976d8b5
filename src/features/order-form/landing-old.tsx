/**
 * /landing-old: the old site's order page, still linked from printed flyers and old adverts. It
 * keeps its promise — the price list and a way to order — from the same cached catalogue as the
 * form (so it works offline), and hands over to the four-step form; a draft already on this
 * device is offered to continue instead of starting over.
 */
import { Link } from '@tanstack/react-router';
import { useDataLayer } from '../../api/data-layer';
import { useEditingDraft } from '../../db/draft-hooks';
import { formatRubles } from '../../domain/format';
import { button } from '../../ui/button';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { useFormParams } from './draft';
import * as styles from './order-form.css';

interface PricedItem {
  id: number;
  type: string;
  price: number;
}

function PriceList({ title, items, note }: { title: string; items: readonly PricedItem[]; note?: string }) {
  if (items.length === 0) return null;
  return (
    <section className={page.card} aria-label={title}>
      <h2 className={page.subtitle}>{title}</h2>
      {note ? <p className={page.muted}>{note}</p> : null}
      <dl className={styles.breakdown}>
        {items.map((item) => (
          <div key={item.id} className={styles.breakdownRow}>
            <dt className={styles.breakdownName}>{item.type}</dt>
            <dd>{formatRubles(item.price)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function LandingOld() {
  const { db } = useDataLayer();
  const catalogue = useFormParams();
  const draft = useEditingDraft(db);
  const hasDraft = Boolean(draft && Object.keys(draft.payload).length > 0);
  return (
    <section className={page.stack} aria-labelledby="landing-old-title">
      <h1 id="landing-old-title" className={page.title}>
        Перевод документов с заверением
      </h1>
      <p>
        Переводим паспорта, дипломы, справки и договоры. Закажите онлайн за четыре шага: выберите документы,
        приложите файлы, оставьте контакты и выберите, как получить перевод.
      </p>
      <p className={styles.actions}>
        <Link to="/order/step-1" className={button({ tone: 'primary' })}>
          {hasDraft ? 'Продолжить заказ' : 'Оформить заказ'}
        </Link>
      </p>
      <DataFreshness of={catalogue} />
      {catalogue.data ? (
        <>
          <PriceList title="Цены на перевод" items={catalogue.data.documents} note="За один документ" />
          <PriceList title="Заверение" items={catalogue.data.assurances} note="За каждый документ" />
          <PriceList title="Получение" items={catalogue.data.deliveries} />
          {catalogue.data.languages.length > 0 ? (
            <section className={page.card} aria-label="Языки">
              <h2 className={page.subtitle}>Языки</h2>
              <p>{catalogue.data.languages.map((language) => language.name).join(', ')}</p>
            </section>
          ) : null}
        </>
      ) : (
        <QueryState what="цены" error={catalogue.error} onRetry={() => void catalogue.refetch()} />
      )}
    </section>
  );
}
