/**
 * The form's promised date: the server's own rule (src/domain/due-date.ts) on the catalogue's
 * lead times and the bureau's calendar, for the order as it stands and for the same order urgent.
 * A chunk of its own, fetched once documents are chosen (use-due-estimate.ts): a first visit of
 * step 1 downloads none of the calendar.
 */
import type { DraftPayload } from '../../db/drafts';
import { formatDay } from '../../domain/day-text';
import { dueDate, leadTimesOf } from '../../domain/due-date';
import { chosenDocuments, type FormParams } from './order-model';

/**
 * The promised days as the form writes them («27 ноября, пт»): formatted here, in this chunk,
 * so step 1's own download carries no month names.
 */
export interface DueEstimate {
  /** For the order as chosen now (urgent or not). */
  chosen: string;
  regular: string;
  urgent: string;
}

export function estimateDue(
  catalogue: FormParams,
  payload: DraftPayload,
  now = new Date(),
): DueEstimate | null {
  const lines = chosenDocuments(payload);
  if (lines.length === 0) return null;
  const times = leadTimesOf(
    lines,
    new Map(catalogue.documents.map((d) => [d.id, { leadDays: d.leadDays ?? 0 }])),
    new Map(catalogue.assurances.map((a) => [a.id, { notaryDays: a.notaryDays ?? 0 }])),
  );
  // An old stored catalogue may lack the schedule: the state's calendar alone then.
  const schedule = catalogue.schedule ?? { daysOff: [], workingDays: [], notarySaturday: false };
  const at = (urgent: boolean) =>
    formatDay(dueDate({ ...times, placedAt: now, urgent, schedule }), { weekday: true });
  const regular = at(false);
  const urgent = at(true);
  return { chosen: payload.urgent ? urgent : regular, regular, urgent };
}
