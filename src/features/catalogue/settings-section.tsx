/**
 * One kind of what the order form offers (documents, assurances or deliveries) in form settings:
 * the list in the form's order — reordered by dragging or with «Выше» / «Ниже» — with each item's
 * prices, «Изменить» in a side panel, «Удалить» after a confirmation, and «Добавить». The list is
 * read again after every write; a refused reorder puts the old order back.
 */
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import type { CachedQuery } from '../../api/use-cached-query';
import { formatRubles } from '../../domain/format';
import { button } from '../../ui/button';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { useNotices } from '../../ui/widgets/notices';
import { ReorderList } from '../../ui/widgets/reorder-list';
import { SlideOver } from '../../ui/widgets/slide-over';
import { failureText, OFFLINE_WRITE_TEXT } from '../../ui/write-form';
import * as styles from './catalogue.css';
import { DeleteItem } from './delete-item';
import { ItemForm } from './item-form';
import { type CatalogueItem, type ItemOf, KINDS, type Kind } from './kinds';

export function priceLine(item: CatalogueItem): string {
  const parts = [`цена ${formatRubles(item.price)}`];
  if ('cost' in item) parts.push(`себестоимость ${formatRubles(item.cost)}`);
  if ('leadDays' in item) parts.push(`перевод ${item.leadDays} раб. дн.`);
  if ('notaryDays' in item && item.notaryDays > 0) parts.push(`у нотариуса ${item.notaryDays} дн.`);
  if ('time' in item && item.time) parts.push(item.time);
  return parts.join(' · ');
}

export const tariffId = (kind: Kind, id: number) => `${kind.toLowerCase()}-${id}`;

export function SettingsSection<K extends Kind>(props: { kind: K; query: CachedQuery<ItemOf<K>[]> }) {
  const { kind, query } = props;
  const { api } = useDataLayer();
  const { notify } = useNotices();
  const [editing, setEditing] = useState<ItemOf<K> | 'new' | null>(null);
  const [order, setOrder] = useState<number[] | null>(null);
  const spec = KINDS[kind];
  const offline = query.isOffline;
  const items = query.data ?? [];
  const shown = order
    ? order.map((id) => items.find((item) => item.id === id)).filter((item) => item !== undefined)
    : items;

  // Moves made while a save is under way are kept, and the latest order is sent when it ends:
  // the buttons stay enabled (a disabled button would drop the keyboard focus), and the saves
  // never overtake each other.
  const pending = useRef<number[] | null>(null);
  const saving = useRef(false);

  function reorder(ids: number[]) {
    setOrder(ids);
    pending.current = ids;
    if (!saving.current) void saveOrder();
  }

  async function saveOrder() {
    saving.current = true;
    try {
      for (let ids = pending.current; ids; ids = pending.current) {
        pending.current = null;
        // A refusal is thrown by the client (an ApiError with the server's words).
        await KINDS[kind].calls.reorder(
          api.client,
          ids.map((id, index) => ({ id, sortOrder: index + 1 })),
        );
      }
    } catch (failure) {
      pending.current = null;
      notify(`Порядок не сохранён: ${failureText(failure)}`, 'error');
    } finally {
      await query.refetch();
      saving.current = false;
      if (pending.current) void saveOrder();
      else setOrder(null);
    }
  }

  const headingId = `settings-${kind.toLowerCase()}`;
  return (
    <section className={page.card} aria-labelledby={headingId}>
      <div className={styles.sectionHead}>
        <h2 id={headingId} className={page.subtitle}>
          {spec.title}
        </h2>
        <button
          type="button"
          className={button({ tone: 'primary' })}
          disabled={offline}
          onClick={() => setEditing('new')}
        >
          {spec.add}
        </button>
      </div>
      {offline ? <p className={page.muted}>{OFFLINE_WRITE_TEXT}</p> : null}
      {query.data ? (
        <ReorderList
          label={`${spec.title}: порядок в форме заказа`}
          items={shown}
          itemKey={(item) => item.id}
          itemName={(item) => item.type}
          disabled={offline}
          onReorder={(ids) => void reorder(ids)}
          renderItem={(item) => (
            <div className={styles.row}>
              <div className={styles.rowHead}>
                <span className={styles.name}>{item.type}</span>
                {item.isActive ? null : <span className={styles.hidden}>скрыт из формы</span>}
              </div>
              <span className={styles.prices}>{priceLine(item)}</span>
              <div className={styles.rowHead}>
                <button
                  type="button"
                  className={button({ tone: 'secondary' })}
                  disabled={offline}
                  onClick={() => setEditing(item)}
                >
                  Изменить<span className="visually-hidden"> {item.type}</span>
                </button>
                <DeleteItem kind={kind} item={item} offline={offline} onDeleted={query.refetch} />
                <Link to="/crm/tariffs/$id" params={{ id: tariffId(kind, item.id) }}>
                  История<span className="visually-hidden"> {item.type}</span>
                </Link>
              </div>
            </div>
          )}
        />
      ) : (
        <QueryState
          what={spec.title.toLowerCase()}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      <SlideOver
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing === 'new' || editing === null ? spec.add : `Изменить: ${editing.type}`}
      >
        {editing !== null ? (
          <ItemForm
            key={editing === 'new' ? 'new' : editing.id}
            kind={kind}
            item={editing === 'new' ? undefined : editing}
            offline={offline}
            onSaved={async (saved) => {
              await query.refetch();
              if (editing !== 'new') return;
              // Added: the panel closes, so the next «Добавить» starts from an empty form.
              setEditing(null);
              notify(`Добавлено: ${saved.type}. В форме заказа — в конце списка.`, 'success');
            }}
          />
        ) : null}
      </SlideOver>
    </section>
  );
}
