/**
 * How old the data on screen is, when that matters: offline «Нет сети — показаны сохранённые
 * данные. Данные от 22 нояб., 14:05», and online a stored copy the server has not confirmed yet
 * (a failed revalidation) once it is over a minute old. Data just fetched says nothing: «Данные
 * от …» on a copy a second old only made people wonder what was wrong.
 */
import type { CachedQuery } from '../api/use-cached-query';
import { formatDateTime } from '../domain/format';
import * as styles from './data-freshness.css';

export const OFFLINE_DATA_TEXT = 'Нет сети — показаны сохранённые данные';

/** A stored copy younger than this is as good as fresh: its age is not worth a line. */
export const FRESH_FOR_MS = 60_000;

export function freshnessText(fetchedAt: number): string {
  return `Данные от ${formatDateTime(fetchedAt)}`;
}

type QueryAge = Pick<CachedQuery<unknown>, 'fetchedAt' | 'isOffline' | 'isStale'>;

/** Whether the age of the shown data is worth telling (see the module's comment). */
export function showsAge({ fetchedAt, isOffline, isStale }: QueryAge, now: number = Date.now()): boolean {
  if (fetchedAt === undefined) return false;
  return isOffline || (isStale && now - fetchedAt > FRESH_FOR_MS);
}

export function DataFreshness({ of }: { of: QueryAge }) {
  const { fetchedAt, isOffline } = of;
  if (fetchedAt === undefined || !showsAge(of)) return null;
  return (
    <p className={styles.line[isOffline ? 'true' : 'false']}>
      {isOffline ? `${OFFLINE_DATA_TEXT}. ` : null}
      <time dateTime={new Date(fetchedAt).toISOString()}>{freshnessText(fetchedAt)}</time>
    </p>
  );
}
