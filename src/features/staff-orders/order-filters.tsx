/**
 * The filters of the orders list. Every choice goes to the address at once (one history entry
 * each, so «Назад» walks back through them); the search waits until typing pauses and then writes
 * one entry for the whole word, replacing it while the manager keeps typing.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../domain/order-status';
import { button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/widgets/select';
import { DELIVERY_LABELS, DUE_LABELS, PAYER_LABELS, SORT_LABELS } from './labels';
import {
  DEFAULT_DIRECTION,
  DEFAULT_SORT,
  DELIVERY_TYPES,
  DUE_FILTERS,
  hasFilters,
  PAYER_TYPES,
  SEARCH_MIN_LENGTH,
  type StaffOrderSearch,
} from './list-search';
import * as styles from './staff-orders.css';

export const SEARCH_DEBOUNCE_MS = 300;

export interface ViewChangeOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

export interface OrderFiltersProps {
  view: StaffOrderSearch;
  onViewChange: (view: StaffOrderSearch, options?: ViewChangeOptions) => void;
  partners: readonly { id: number; name: string }[];
  /** The office staff orders can be assigned to; null on «Мои заказы», where the filter is fixed. */
  assignees: readonly { id: number; name: string }[] | null;
  narrow: boolean;
}

const all = (label: string) => ({ value: '' as const, label });

export function OrderFilters({ view, onViewChange, partners, assignees, narrow }: OrderFiltersProps) {
  const panelId = useId();
  const [expanded, setExpanded] = useState(false);
  const activeCount = [
    view.status,
    view.deliveryType,
    view.payerType,
    view.partnerId,
    view.dateFrom,
    view.dateTo,
    view.due,
    assignees ? view.assignee : undefined,
  ].filter((value) => value !== undefined).length;
  /** A filter changed: back to the first page, and a new history entry. */
  const filter = (change: Partial<StaffOrderSearch>) => onViewChange({ ...view, ...change, page: undefined });
  const reset = hasFilters(view) ? (
    <button
      type="button"
      className={button({ tone: 'secondary' })}
      aria-label="Сбросить фильтры"
      onClick={() => onViewChange({ sort: view.sort, direction: view.direction })}
    >
      {/* Short on a phone, so it shares a row with «Фильтры». */}
      {narrow ? 'Сбросить' : 'Сбросить фильтры'}
    </button>
  ) : null;
  const sortValue = `${view.sort ?? DEFAULT_SORT}-${view.direction ?? DEFAULT_DIRECTION}` as const;

  return (
    <div className={styles.filters}>
      <SearchField view={view} onViewChange={onViewChange} />
      {narrow ? (
        <div className={styles.filterActions}>
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={() => setExpanded(!expanded)}
          >
            {activeCount > 0 ? `Фильтры (${activeCount})` : 'Фильтры'}
          </button>
          {reset}
        </div>
      ) : null}
      {/* The panel lays its filters out in the parent grid; a phone folds it away (hidden). */}
      <div
        id={panelId}
        hidden={narrow && !expanded}
        className={narrow && !expanded ? undefined : styles.panel}
      >
        <Select
          id="orders-filter-status"
          label="Статус"
          value={view.status ?? ''}
          options={[
            all('Все статусы'),
            ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
          ]}
          onValueChange={(value) => filter({ status: value || undefined })}
        />
        <Select
          id="orders-filter-due"
          label="Срок"
          value={view.due ?? ''}
          options={[all('Любой срок'), ...DUE_FILTERS.map((d) => ({ value: d, label: DUE_LABELS[d] }))]}
          onValueChange={(value) => filter({ due: value || undefined })}
        />
        {assignees ? (
          <Select
            id="orders-filter-assignee"
            label="Ответственный"
            value={view.assignee ?? ''}
            options={[
              all('Все'),
              { value: 'me', label: 'Мои заказы' },
              { value: 'none', label: 'Без ответственного' },
              ...assignees.map((member) => ({ value: String(member.id), label: member.name })),
              // A link may name someone this device has not loaded: keep them choosable.
              ...(view.assignee &&
              /^\d+$/.test(view.assignee) &&
              !assignees.some((m) => String(m.id) === view.assignee)
                ? [{ value: view.assignee, label: `Сотрудник №${view.assignee}` }]
                : []),
            ]}
            onValueChange={(value) => filter({ assignee: value || undefined })}
          />
        ) : null}
        <div className={styles.dates}>
          <TextField
            id="orders-filter-from"
            label="Создан с"
            type="date"
            value={view.dateFrom ?? ''}
            onValueChange={(value) => filter({ dateFrom: value || undefined })}
          />
          <TextField
            id="orders-filter-to"
            label="по"
            type="date"
            value={view.dateTo ?? ''}
            onValueChange={(value) => filter({ dateTo: value || undefined })}
          />
        </div>
        <Select
          id="orders-filter-delivery"
          label="Доставка"
          value={view.deliveryType ?? ''}
          options={[
            all('Любая доставка'),
            ...DELIVERY_TYPES.map((d) => ({ value: d, label: DELIVERY_LABELS[d] })),
          ]}
          onValueChange={(value) => filter({ deliveryType: value || undefined })}
        />
        <Select
          id="orders-filter-partner"
          label="Партнёр"
          value={view.partnerId === undefined ? '' : String(view.partnerId)}
          options={[
            all('Все партнёры'),
            ...partners.map((partner) => ({ value: String(partner.id), label: partner.name })),
            // A link may name a partner this device has not loaded (yet): keep it choosable.
            ...(view.partnerId !== undefined && !partners.some((partner) => partner.id === view.partnerId)
              ? [{ value: String(view.partnerId), label: `Партнёр №${view.partnerId}` }]
              : []),
          ]}
          onValueChange={(value) => filter({ partnerId: value ? Number(value) : undefined })}
        />
        <Select
          id="orders-filter-payer"
          label="Плательщик"
          value={view.payerType ?? ''}
          options={[
            all('Любой плательщик'),
            ...PAYER_TYPES.map((p) => ({ value: p, label: PAYER_LABELS[p] })),
          ]}
          onValueChange={(value) => filter({ payerType: value || undefined })}
        />
        {/* On a desktop too: the table's headers sort by what they show, this also by the last change. */}
        <Select
          id="orders-sort"
          label="Сортировка"
          value={sortValue}
          options={Object.entries(SORT_LABELS).map(([value, label]) => ({
            value: value as keyof typeof SORT_LABELS,
            label,
          }))}
          onValueChange={(value) => {
            const [sort, direction] = value.split('-') as [
              StaffOrderSearch['sort'],
              StaffOrderSearch['direction'],
            ];
            onViewChange({ ...view, sort, direction, page: undefined });
          }}
        />
      </div>
      {!narrow && reset ? <div className={styles.filterActions}>{reset}</div> : null}
    </div>
  );
}

/**
 * The search box: the address follows the text 300 ms after the last keystroke. The first write
 * of a typing spell adds a history entry, the next ones replace it; leaving the field ends the spell.
 */
function SearchField({ view, onViewChange }: Pick<OrderFiltersProps, 'view' | 'onViewChange'>) {
  const [text, setText] = useState(view.search ?? '');
  const committed = useRef(view.search ?? '');
  const spell = useRef(false);
  const latestView = useRef(view);
  latestView.current = view;

  // The address changed by itself (back button, reset, a link): show its search.
  useEffect(() => {
    const fromAddress = view.search ?? '';
    if (fromAddress === committed.current) return;
    committed.current = fromAddress;
    spell.current = false;
    setText(fromAddress);
  }, [view.search]);

  const commit = (value: string) => {
    const search = value.trim();
    if (search === committed.current) return;
    committed.current = search;
    onViewChange(
      { ...latestView.current, search: search || undefined, page: undefined },
      { replace: spell.current },
    );
    spell.current = true;
  };
  const commitLater = useRef(commit);
  commitLater.current = commit;

  useEffect(() => {
    const timer = setTimeout(() => commitLater.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const short = text.trim().length > 0 && text.trim().length < SEARCH_MIN_LENGTH;
  return (
    <search className={styles.searchField}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          commit(text);
        }}
      >
        <TextField
          id="orders-search"
          label="Поиск"
          type="search"
          hint={
            short
              ? `Введите хотя бы ${SEARCH_MIN_LENGTH} символа`
              : 'Номер заказа, телефон, email или имя клиента'
          }
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          value={text}
          onValueChange={setText}
          onBlur={() => {
            spell.current = false;
          }}
        />
      </form>
    </search>
  );
}
