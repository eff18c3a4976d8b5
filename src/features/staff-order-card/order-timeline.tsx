/**
 * The order's story on one line: status moves and field changes (amount, other document, payment
 * link, signed act, files the customer added later, the finished translation attached or removed,
 * the promised date with its reason, the assignee, a quote's prices) by date, each with who made it, the old → new
 * value and the comment.
 */

import { formatDay } from '../../domain/day-text';
import { formatRubles } from '../../domain/format';
import { ORDER_STATUS_LABELS } from '../../domain/order-status';
import { ROLE_LABELS } from '../../domain/roles';
import { Section } from '../../ui/order/order-sections';
import { Timeline, type TimelineEntry } from '../../ui/order/timeline';
import type { StaffFieldChange, StaffStatusChange } from './staff-order-types';

export const FIELD_LABELS: Record<StaffFieldChange['field'], string> = {
  AMOUNT: 'Сумма заказа',
  OTHER_PRICE: 'Цена другого документа',
  OTHER_COST: 'Себестоимость другого документа',
  PAYMENT_URL: 'Ссылка на оплату',
  ACT_SIGNED: 'Подписанный акт',
  FILES_ADDED: 'Клиент добавил файлы',
  RESULTS_ADDED: 'Прикреплён готовый перевод',
  RESULT_REMOVED: 'Удалён файл готового перевода',
  DUE_DATE: 'Срок готовности',
  ASSIGNEE: 'Ответственный',
  LINE_PRICE: 'Цена документа по оценке',
  LINE_COST: 'Себестоимость документа по оценке',
  DOCUMENTS: 'Документы',
  DELIVERY: 'Доставка',
  URGENCY: 'Срочность',
};

/** Changes that name files rather than move a value from old to new. */
const FILE_LISTS: Partial<Record<StaffFieldChange['field'], 'newValue' | 'oldValue'>> = {
  FILES_ADDED: 'newValue',
  RESULTS_ADDED: 'newValue',
  RESULT_REMOVED: 'oldValue',
};

const MONEY_FIELDS: ReadonlySet<StaffFieldChange['field']> = new Set(['AMOUNT', 'OTHER_PRICE', 'OTHER_COST']);

/**
 * «admin@perevod.local (Администратор)». The order's first entry is the customer's, who placed
 * it through the form (the server keeps no email for it); any other move nobody made by hand —
 * a payment arriving, a scheduled job — is the system's.
 */
export function actorText(
  entry: { actorEmail: string | null; actorRole: StaffStatusChange['actorRole'] },
  placing = false,
): string {
  const role = entry.actorRole ? ROLE_LABELS[entry.actorRole] : null;
  if (entry.actorEmail) return role ? `${entry.actorEmail} (${role})` : entry.actorEmail;
  return role ?? (placing ? ROLE_LABELS.USER : 'Система');
}

export function changeValueText(field: StaffFieldChange['field'], value: string | null): string {
  if (value === null || value === '') return 'нет';
  if (MONEY_FIELDS.has(field)) {
    const amount = Number(value);
    return Number.isFinite(amount) ? formatRubles(amount) : value;
  }
  if (field === 'ACT_SIGNED') return 'получен';
  if (field === 'DUE_DATE' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value, { weekday: true });
  if (field === 'LINE_PRICE' || field === 'LINE_COST') {
    // «Другой документ: 1500.00»: the document's name, then the money.
    const match = /^(.*): (-?\d+(?:\.\d+)?)$/.exec(value);
    return match ? formatRubles(Number(match[2])) : value;
  }
  return value;
}

export function timelineEntries(
  history: readonly StaffStatusChange[],
  changes: readonly StaffFieldChange[],
): TimelineEntry[] {
  const moves = history.map(
    (entry): TimelineEntry => ({
      key: `status-${entry.id}`,
      createdAt: entry.createdAt,
      title:
        entry.fromStatus && entry.fromStatus !== entry.status
          ? `${ORDER_STATUS_LABELS[entry.fromStatus]} → ${ORDER_STATUS_LABELS[entry.status]}`
          : ORDER_STATUS_LABELS[entry.status],
      details: [
        `Кто: ${actorText(entry, entry.fromStatus === null)}`,
        entry.comment ? `Комментарий: ${entry.comment}` : null,
      ],
    }),
  );
  const edits = changes.map(
    (change): TimelineEntry => ({
      key: `change-${change.id}`,
      createdAt: change.createdAt,
      title:
        (change.field === 'LINE_PRICE' || change.field === 'LINE_COST') && change.newValue?.includes(': ')
          ? `${FIELD_LABELS[change.field]}: ${change.newValue.slice(0, change.newValue.lastIndexOf(': '))}`
          : FIELD_LABELS[change.field],
      details: [
        FILE_LISTS[change.field]
          ? change[FILE_LISTS[change.field] as 'newValue' | 'oldValue']
          : `${changeValueText(change.field, change.oldValue)} → ${changeValueText(change.field, change.newValue)}`,
        `Кто: ${actorText(change)}`,
        change.comment ? `Комментарий: ${change.comment}` : null,
      ],
    }),
  );
  return [...moves, ...edits];
}

export function OrderTimeline(props: {
  history: readonly StaffStatusChange[];
  changes: readonly StaffFieldChange[];
}) {
  return (
    <Section id="card-history" title="История заказа">
      <Timeline entries={timelineEntries(props.history, props.changes)} />
    </Section>
  );
}
