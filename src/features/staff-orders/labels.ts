/** Russian names of the list's filter values, as the contract describes them. */
import type { DUE_FILTERS, SortDirection, StaffOrderSort } from './list-search';

export { DELIVERY_LABELS, PAYER_LABELS } from '../../ui/order/labels';

/** The list's sort choice (a desktop also sorts by the table's headers). */
export const SORT_LABELS: Record<`${StaffOrderSort}-${SortDirection}`, string> = {
  'createdAt-desc': 'Сначала новые',
  'createdAt-asc': 'Сначала старые',
  'updatedAt-desc': 'Недавно изменённые',
  'updatedAt-asc': 'Давно не менялись',
  'number-desc': 'Номер: по убыванию',
  'number-asc': 'Номер: по возрастанию',
  'amount-desc': 'Сумма: сначала большие',
  'amount-asc': 'Сумма: сначала малые',
  // Statuses sort in the order's own course (Новый … Выполнен), not alphabetically.
  'status-asc': 'Статус: от новых к выполненным',
  'status-desc': 'Статус: от выполненных к новым',
  'name-asc': 'Клиент: А–Я',
  'name-desc': 'Клиент: Я–А',
  'dueDate-asc': 'Срок: сначала ближайшие',
  'dueDate-desc': 'Срок: сначала дальние',
};

/** The «Срок» filter: orders still in work by their promised day. */
export const DUE_LABELS: Record<(typeof DUE_FILTERS)[number], string> = {
  OVERDUE: 'Просроченные',
  TODAY: 'Сдать сегодня',
  TOMORROW: 'Сдать завтра',
  WEEK: 'Сдать за неделю',
};
