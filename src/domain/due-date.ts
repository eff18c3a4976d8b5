/**
 * When an order will be ready: the one rule the order form's estimate and the server's promised
 * date (orders.due_date, fixed when the order is placed) both use, so the customer is promised
 * what the bureau plans.
 *
 * - The translation takes the longest lead time of the order's documents, in the bureau's
 *   working days (documents are translated side by side; copies are prints of one translation).
 * - Urgent: that lead time is halved, rounded up (1 → 1, 2 → 1, 3 → 2, 5 → 3).
 * - Notarisation adds the notary's days of the slowest assurance chosen, counted on the notary's
 *   working days after the translation is done (urgency does not hurry the notary).
 * - Days are counted after the Moscow day the order is placed: 2 days from Monday is Wednesday,
 *   from Saturday it is Tuesday. A lead time of 0 is the same day when it is a working one.
 */
import { moscowDate } from './moscow-time';
import { isInWork, type OrderStatus } from './order-status';
import { type CalendarChanges, isNotaryDay, isWorkingDay, nthWorkingDayAfter } from './work-calendar';

export interface WorkSchedule extends CalendarChanges {
  /** The notary also works on Saturdays (not on public holidays). */
  notarySaturday: boolean;
}

export interface LeadTimes {
  /** Working days of the translation (the slowest document). */
  translationDays: number;
  /** The notary's days (the slowest assurance chosen); 0 without one. */
  notaryDays: number;
}

/** The slowest document's and the slowest assurance's days among the order's lines. */
export function leadTimesOf(
  lines: readonly { documentId: number; assuranceIds: readonly number[] }[],
  documents: ReadonlyMap<number, { leadDays: number }>,
  assurances: ReadonlyMap<number, { notaryDays: number }>,
): LeadTimes {
  let translationDays = 0;
  let notaryDays = 0;
  for (const line of lines) {
    translationDays = Math.max(translationDays, documents.get(line.documentId)?.leadDays ?? 0);
    for (const id of line.assuranceIds)
      notaryDays = Math.max(notaryDays, assurances.get(id)?.notaryDays ?? 0);
  }
  return { translationDays, notaryDays };
}

/** An urgent translation's days: half, rounded up. */
export const urgentDays = (days: number) => Math.ceil(days / 2);

export interface DueDateInput extends LeadTimes {
  placedAt: Date;
  urgent: boolean;
  schedule: WorkSchedule;
}

/** The Moscow date ('YYYY-MM-DD') the order is promised for. */
export function dueDate(input: DueDateInput): string {
  const { schedule } = input;
  const days = input.urgent ? urgentDays(input.translationDays) : input.translationDays;
  const translated = nthWorkingDayAfter(moscowDate(input.placedAt), days, (day) =>
    isWorkingDay(day, schedule),
  );
  if (input.notaryDays <= 0) return translated;
  const notarised = nthWorkingDayAfter(translated, input.notaryDays, (day) =>
    isNotaryDay(day, schedule, schedule.notarySaturday),
  );
  // The order is handed over by the bureau: a notary's Saturday finishes it the next working day.
  return nthWorkingDayAfter(notarised, 0, (day) => isWorkingDay(day, schedule));
}

/** How a list or a card marks an order by its promised day: late, due today, or nothing. */
export type DueMark = 'overdue' | 'today' | null;

/**
 * Only an order still in work can be late (a ready, handed-over or cancelled one is not);
 * `today` is the Moscow date.
 */
export function dueMark(
  order: { dueDate: string | null | undefined; status: OrderStatus },
  today: string,
): DueMark {
  if (!order.dueDate || !isInWork(order.status)) return null;
  if (order.dueDate < today) return 'overdue';
  return order.dueDate === today ? 'today' : null;
}

export const DUE_MARK_LABELS: Record<Exclude<DueMark, null>, string> = {
  overdue: 'просрочен',
  today: 'сегодня',
};
